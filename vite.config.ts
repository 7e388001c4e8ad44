import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { readManifest, routePreloads } from './scripts/lib/firstPaint';

// The API server and the sandbox server listen here during `npm run dev` (scripts/dev.ts).
const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:3001';
const sandboxTarget = process.env.DEV_SANDBOX_URL ?? 'http://127.0.0.1:3100';

// React Router's package names only its development build (warnings, dev-only checks) for a
// bundler; the build takes its production build, as React's own does by NODE_ENV.
const routerProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
    ),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
    ),
  },
];

// D174: code a screen loads once it is up (a controller started from an effect, AfterPaint's
// children, a dialog's or the public drawer's chunk; D175: the student pages' payee panel,
// empty unless a payment is under way) gets no <link rel=modulepreload> per file
// from Vite's loader: appending them, ~40 a chunk, was most of a phone's main thread after the
// static link's and the student login's first paint. The browser fetches their files as it
// finds the imports; their CSS still loads through the loader. Route screens keep the links,
// so a navigation fetches a screen's files at once. The build fails if a name here matches
// no chunk (routePreloadsFile below).
const AFTER_PAINT_CHUNKS = [
  'ActiveFlowTracker',
  'StaticLinkController',
  'ProfileController',
  'studentLoginController',
  'StudentLoginSteps',
  'dialogChunk',
  'PublicDrawer',
  'PayeeSummary',
  'PaymentLinkFlow',
  'OrderStatusFlow',
  'ReceiptFlow',
  'StudentDashboardFlow',
  'PaymentActorScope',
  'ReviewFlow',
  'GatewayCheckout',
  'TutorDetailsFlow',
  'StudentSignupFlow',
  'PayeeLookupActor',
];
const afterPaintChunk = new RegExp(`^assets/(${AFTER_PAINT_CHUNKS.join('|')})-[\\w-]+\\.js$`);

// D165: each route's first-paint files beyond the entry, for the server to name in index.html
// (src/server/http/spa.ts), so the browser fetches them beside the entry, not after it runs.
function routePreloadsFile(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tuitionpay:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // A build without a manifest (the bench's hello world) has no routes to map.
      if (!existsSync(join(outDir, '.vite', 'manifest.json'))) return;
      const manifest = readManifest(outDir);
      const files = Object.values(manifest).map((chunk) => chunk.file);
      const missing = AFTER_PAINT_CHUNKS.filter(
        (name) => !files.some((file) => file.startsWith(`assets/${name}-`)),
      );
      if (missing.length > 0) throw new Error(`AFTER_PAINT_CHUNKS names no chunk: ${missing}`);
      const preloads = routePreloads(manifest);
      writeFileSync(join(outDir, '.vite', 'routes.json'), `${JSON.stringify(preloads, null, 1)}\n`);
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? routerProduction : [] },
  plugins: [
    react(),
    routePreloadsFile(),
    // Issue 11: every asset also as .br and .gz, served by Accept-Encoding (http/spa.ts) without
    // compressing per request; brotli at its best level, since it runs once per build.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|svg|json|webmanifest)$/,
      exclude: /[\\/]\.vite[\\/]/,
      threshold: 512,
    }),
  ],
  build: {
    // scripts/check-budget.ts reads the manifest to find what each route loads before first paint.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // XState in one chunk: screens that load after their first paint use parts of it, and
            // splitting it by use costs a first paint ~1 KB of gzip (two files, weaker compression).
            { name: 'xstate', test: /node_modules[\\/]xstate[\\/]/ },
            // D191: what the entry imports stays in the entry. Rolldown otherwise splits each
            // module a lazy chunk also imports (React, the texts, the constants) into a file of
            // its own: four more requests before any page can paint.
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
    modulePreload: {
      resolveDependencies: (file, deps) => (afterPaintChunk.test(file) ? [] : deps),
    },
  },
  server: {
    // scripts/dev.ts tells the API server this origin (PUBLIC_ORIGIN).
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/sandbox': sandboxTarget,
    },
  },
}));
