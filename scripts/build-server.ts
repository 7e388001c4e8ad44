// Issue 47 (D217): the production server as plain JavaScript. esbuild bundles each process's
// entry (web, worker, sandbox) with our own code, leaving every package to node_modules, into
// dist-server/, beside copies of the files the server reads at run time (src/server/files.ts):
// the contract and the SQL migrations. The build fails when the server imports a package that
// is not in package.json's "dependencies", which is all `npm ci --omit=dev` installs.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

const OUT = 'dist-server';
const ENTRIES = {
  main: 'src/server/main.ts',
  worker: 'src/server/worker.ts',
  sandbox: 'sandbox/main.ts',
};

/** 'pg-boss', '@fastify/static/x' -> the package's name. */
const packageOf = (path: string) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

rmSync(OUT, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: ENTRIES,
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // One file per process, no shared chunks: import.meta.url is then the entry's own file, which
  // src/server/files.ts finds the copies beside.
  splitting: false,
  define: { BUILT_SERVER: 'true' },
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});

const { dependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies?: Record<string, string>;
};
const builtins = new Set(builtinModules);
const undeclared = new Set<string>();
for (const output of Object.values(metafile.outputs)) {
  for (const { path, external } of output.imports) {
    if (!external || path.startsWith('node:') || builtins.has(path)) continue;
    if (!(packageOf(path) in dependencies)) undeclared.add(packageOf(path));
  }
}
if (undeclared.size > 0) {
  throw new Error(`The server imports packages missing from "dependencies": ${[...undeclared]}`);
}

cpSync('openapi/api.yaml', `${OUT}/api.yaml`);
mkdirSync(`${OUT}/migrations`);
cpSync('src/server/db/migrations', `${OUT}/migrations`, { recursive: true });
console.info(
  `built ${Object.keys(ENTRIES)
    .map((name) => `${OUT}/${name}.js`)
    .join(', ')}`,
);
