// Issue 11 (D189): after `vite build`, renders the first paint of each route in
// PRERENDERED_ROUTES (src/ui/app/prerender.tsx) in every language, with the build's own
// components (Preact, D161) bundled for Node by Vite, and writes it to dist/.vite/prerender.json
// for the server to put into index.html (src/server/http/spa.ts), and the theme's CSS variables
// to dist/.vite/theme-variables.html for every page's head (D204).
// Each page is rendered in a Node process of its own: the markup must show where the screen's
// lazy chunk suspended (`<!--$s-->`), since the browser's hydration suspends there and reclaims
// the markup between those marks. A lazy component already loaded by an earlier render in the
// same process would not suspend, and its page would lack the marks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { LOCALES, isLocale } from '../src/domain/locale';
import type * as Prerender from '../src/ui/app/prerender';

/** In the page's own process: prints the markup of `route` in `locale`. */
async function renderOne(bundle: string, route: string, locale: string) {
  const { PRERENDERED_ROUTES, prerender } = (await import(
    pathToFileURL(bundle).href
  )) as typeof Prerender;
  const path = PRERENDERED_ROUTES[route];
  if (!path) throw new Error(`${route} is not in PRERENDERED_ROUTES`);
  if (!isLocale(locale)) throw new Error(`${locale} is not a language of ours`);
  process.stdout.write(await prerender(path, locale));
}

async function main() {
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
      // Bundle every dependency, so Node loads the same Preact the components were built for.
      ssr: { noExternal: true },
    });
    const bundle = join(outDir, 'prerender.js');
    const { PRERENDERED_ROUTES, themeVariables } = (await import(
      pathToFileURL(bundle).href
    )) as typeof Prerender;
    const pages: Record<string, Record<string, string>> = {};
    for (const route of Object.keys(PRERENDERED_ROUTES)) {
      pages[route] = {};
      for (const locale of LOCALES) {
        pages[route][locale] = execFileSync(
          process.execPath,
          [...process.execArgv, process.argv[1]!, '--render', bundle, route, locale],
          { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
        );
      }
    }
    writeFileSync('dist/.vite/prerender.json', `${JSON.stringify(pages, null, 1)}\n`);
    writeFileSync('dist/.vite/theme-variables.html', await themeVariables());
    console.info(`prerendered ${Object.keys(pages).join(', ')} in ${LOCALES.join(', ')}`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const [mode, bundle, route, locale] = process.argv.slice(2);
if (mode === '--render') await renderOne(bundle!, route!, locale!);
else await main();
// The build's render scheduler (src/ui/preact/react.ts) holds a MessageChannel open.
process.exit(0);
