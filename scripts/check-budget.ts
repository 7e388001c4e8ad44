// First-paint budget (issues 2 and 11): the JavaScript and CSS the browser loads before the
// first paint of every route the app has, gzip-compressed as a browser without brotli gets
// it, measured from Vite's build manifest. The routes come from the router itself
// (src/ui/app/routes.tsx), so a new route cannot escape the budget.
// Each route has its ceiling in scripts/first-paint-ceilings.json (today's figure, rounded up):
// CI fails when a route grows past it or has none. Issue 11's targets (student and public
// routes 100 KB, tutor routes 130 KB) are printed beside it; D124 says why they are not yet
// the ceilings. Lower a ceiling whenever a route shrinks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeModules } from './lib/routeModules';

const KB = 1024;
const targetOf = (path: string) => (path.startsWith('/tutor') ? 130 * KB : 100 * KB);
const dist = 'dist';
const ceilings = JSON.parse(readFileSync('scripts/first-paint-ceilings.json', 'utf8')) as Record<
  string,
  number
>;

type Chunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

/** Files a chunk needs before it runs: itself, its CSS and its static imports, transitively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the build manifest: ${key}`);
  if (seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set<string>([chunk.file, ...(chunk.css ?? [])]);
  for (const imported of chunk.imports ?? []) {
    for (const file of closure(imported, seen)) files.add(file);
  }
  return files;
}

const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry in the build manifest');
const entryFiles = closure(entryKey);

let failed = false;
let onTarget = 0;
const routes = routeModules();
console.info(
  'First-paint budget: gzip JS + CSS before first paint, each route against its ceiling',
);
for (const route of routes) {
  const files = new Set(entryFiles);
  for (const module of route.modules) for (const file of closure(module)) files.add(file);
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += gzipSize(file);
    else js += gzipSize(file);
  }
  const total = js + css;
  const ceilingKb = ceilings[route.path];
  const verdict =
    ceilingKb === undefined
      ? 'NO CEILING in scripts/first-paint-ceilings.json'
      : total > ceilingKb * KB
        ? 'OVER CEILING'
        : 'ok';
  if (verdict !== 'ok') failed = true;
  const target = targetOf(route.path);
  if (total <= target) onTarget += 1;
  console.info(
    `${route.path.padEnd(34)} js ${kb(js).padStart(9)}  css ${kb(css).padStart(8)}  total ${kb(total).padStart(9)}  ceiling ${String(ceilingKb ?? '-').padStart(3)} KB  target ${kb(target).padStart(8)}${total > target ? ' (over)' : ''}  ${verdict}`,
  );
}
for (const path of Object.keys(ceilings)) {
  if (!routes.some((r) => r.path === path)) {
    failed = true;
    console.info(`${path}: a ceiling for a route the app no longer has`);
  }
}
console.info(`${onTarget} of ${routes.length} routes within issue 11's target`);
process.exit(failed ? 1 : 0);
