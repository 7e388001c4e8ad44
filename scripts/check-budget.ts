// First-paint budget (issues 2, 11 and 47): the JavaScript and CSS the browser loads before the
// first paint of every route the app has, gzip-compressed as a browser without brotli gets it,
// measured from Vite's build manifest. The routes come from the router itself
// (src/ui/app/routes.tsx), so a new route cannot escape the budget.
// Each route has its ceiling in scripts/first-paint-ceilings.json (today's figure, rounded up):
// CI fails when a route grows past it or has none. Lower a ceiling whenever a route shrinks.
// Issue 47's targets are printed beside it (D221): the React hello world's first paint, built the
// same way in this run (scripts/bench/helloWorld.ts), plus 50 KB on payer and public routes and
// plus 100 KB on tutor routes; docs/benchmarks.md says where the routes stand against them.
// Issue 15 (D166): a first paint carries one language, the catalogs of the text modules on it in
// that language. Hindi's are larger than English's (Devanagari is 3 bytes a letter in UTF-8), so
// a Hindi first paint is held to the route's ceiling plus HINDI_ALLOWANCE_KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Locale } from '../src/domain/locale';
import { helloWorldFirstPaintBytes } from './bench/helloWorld';
import { firstPaintFiles, readManifest } from './lib/firstPaint';
import { routeModules } from './lib/routeModules';

const KB = 1024;
const helloWorld = await helloWorldFirstPaintBytes();
// Tutor routes are /tutor/...; /tutors is the public list of tutors.
const targetOf = (path: string) => helloWorld + (path.startsWith('/tutor/') ? 100 : 50) * KB;
const dist = 'dist';
const ceilings = JSON.parse(readFileSync('scripts/first-paint-ceilings.json', 'utf8')) as Record<
  string,
  number
>;
const HINDI_ALLOWANCE_KB = 3;
const manifest = readManifest(dist);

const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** gzip JS and CSS before the first paint of a route, in English or in Hindi. */
function firstPaint(modules: readonly string[], locale: Locale) {
  let js = 0;
  let css = 0;
  for (const file of firstPaintFiles(manifest, modules, locale)) {
    if (file.endsWith('.css')) css += gzipSize(file);
    else js += gzipSize(file);
  }
  return { js, css, total: js + css };
}

let failed = false;
let onTarget = 0;
const routes = routeModules();
console.info(
  'First-paint budget: gzip JS + CSS before first paint, each route against its ceiling; target:',
);
console.info(
  `the React hello world's ${kb(helloWorld)} + 50 KB (payer, public) or + 100 KB (tutor)`,
);
for (const route of routes) {
  const { js, css, total } = firstPaint(route.modules, 'en');
  const hindi = firstPaint(route.modules, 'hi').total;
  const ceilingKb = ceilings[route.path];
  const verdict =
    ceilingKb === undefined
      ? 'NO CEILING in scripts/first-paint-ceilings.json'
      : total > ceilingKb * KB
        ? 'OVER CEILING'
        : hindi > (ceilingKb + HINDI_ALLOWANCE_KB) * KB
          ? `HINDI OVER CEILING + ${HINDI_ALLOWANCE_KB} KB`
          : 'ok';
  if (verdict !== 'ok') failed = true;
  const target = targetOf(route.path);
  if (total <= target) onTarget += 1;
  console.info(
    `${route.path.padEnd(34)} js ${kb(js).padStart(9)}  css ${kb(css).padStart(8)}  total ${kb(total).padStart(9)}  hi ${kb(hindi).padStart(9)}  ceiling ${String(ceilingKb ?? '-').padStart(3)} KB  target ${kb(target).padStart(8)}${total > target ? ' (over)' : ''}  ${verdict}`,
  );
}
for (const path of Object.keys(ceilings)) {
  if (!routes.some((r) => r.path === path)) {
    failed = true;
    console.info(`${path}: a ceiling for a route the app no longer has`);
  }
}
console.info(`${onTarget} of ${routes.length} routes within issue 47's target`);
process.exit(failed ? 1 : 0);
