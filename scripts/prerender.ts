// Issue 11 (D189): after `vite build`, renders the first paint of each route in
// PRERENDERED_ROUTES (src/ui/app/prerender.tsx) in every language, with the build's own
// components bundled for Node by Vite and react-dom's static renderer (D215), and writes it to
// dist/.vite/prerender.json for the server to put into index.html (src/server/http/spa.ts), and
// the theme's CSS variables to dist/.vite/theme-variables.html for every page's head (D204).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { LOCALES } from '../src/domain/locale';
import type * as Prerender from '../src/ui/app/prerender';

const outDir = mkdtempSync(join(tmpdir(), 'tp-prerender-'));
try {
  await build({
    logLevel: 'warn',
    build: {
      ssr: resolve('src/ui/app/prerender.tsx'),
      outDir,
      emptyOutDir: true,
      // The client build's settings stay; this bundle is for Node and never shipped.
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.js' } },
    },
    // Bundle every dependency, so Node renders what the browser's bundle hydrates.
    ssr: { noExternal: true },
  });
  const { PRERENDERED_ROUTES, prerender, themeVariables } = (await import(
    pathToFileURL(join(outDir, 'prerender.js')).href
  )) as typeof Prerender;
  const pages: Record<string, Record<string, string>> = {};
  for (const [route, path] of Object.entries(PRERENDERED_ROUTES)) {
    pages[route] = {};
    for (const locale of LOCALES) pages[route][locale] = await prerender(path, locale);
  }
  writeFileSync('dist/.vite/prerender.json', `${JSON.stringify(pages, null, 1)}\n`);
  writeFileSync('dist/.vite/theme-variables.html', await themeVariables());
  console.info(`prerendered ${Object.keys(pages).join(', ')} in ${LOCALES.join(', ')}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
