// Builds the React hello world the benchmark and the budget compare pages with: one component
// rendering a heading, built by Vite with the app's own plugins and build options
// (vite.config.ts): the reference is React's, built as the app is.
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import viteConfig from '../../vite.config';

export async function buildHelloWorld(): Promise<string> {
  // Inside the project, so react and react-dom resolve from its node_modules.
  const cache = join(process.cwd(), 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, 'bench-hello-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hello</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>`,
  );
  writeFileSync(
    join(root, 'src', 'main.tsx'),
    `import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<h1>Hello, world</h1>);\n`,
  );
  const outDir = join(root, 'dist');
  const appConfig = viteConfig({ command: 'build', mode: 'production' });
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: appConfig.plugins,
    build: { ...appConfig.build, manifest: false, outDir, emptyOutDir: true },
  });
  return outDir;
}

/** The hello world's first paint as the budget weighs a route's: its JS and CSS, gzip level 9. */
export async function helloWorldFirstPaintBytes(): Promise<number> {
  const dist = await buildHelloWorld();
  try {
    const assets = join(dist, 'assets');
    return readdirSync(assets)
      .filter((file) => /\.(js|css)$/.test(file))
      .reduce(
        (sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length,
        0,
      );
  } finally {
    rmSync(dirname(dist), { recursive: true, force: true });
  }
}
