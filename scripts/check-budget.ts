// First-paint budget (issue 2): the JavaScript and CSS the browser loads before first paint
// on the entry routes, measured from Vite's build manifest, gzip-compressed as served.
// Prints a table of figures; exits 1 when a route is over budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
const dist = 'dist';

// The route screens whose first paint is budgeted: the source module each route lazy-loads.
const routes: Record<string, string> = {
  '/static-link/{username}': 'src/ui/routes/static-link/StaticLinkPage.tsx',
  '/student/login': 'src/ui/routes/student/StudentLoginPage.tsx',
};

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
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry in the build manifest');
const entryFiles = closure(entryKey);

let failed = false;
console.info(`First-paint budget: ${kb(BUDGET_BYTES)} gzip (JS + CSS) per route`);
for (const [route, source] of Object.entries(routes)) {
  const files = new Set([...entryFiles, ...closure(source)]);
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += gzipSize(file);
    else js += gzipSize(file);
  }
  const total = js + css;
  const verdict = total <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET';
  if (total > BUDGET_BYTES) failed = true;
  console.info(
    `${route.padEnd(26)} js ${kb(js).padStart(9)}  css ${kb(css).padStart(8)}  total ${kb(total).padStart(9)}  (${files.size} files)  ${verdict}`,
  );
}
process.exit(failed ? 1 : 0);
