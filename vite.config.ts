import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API server and the sandbox server listen here during `npm run dev` (scripts/dev.ts).
const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:3001';
const sandboxTarget = process.env.DEV_SANDBOX_URL ?? 'http://127.0.0.1:3100';

// Issue 11, D161: the build renders with Preact's React layer (src/ui/preact/react.ts); the
// dev server, vitest and the typecheck keep React's own packages.
const preactForReact = [
  {
    find: /^react$/,
    replacement: fileURLToPath(new URL('./src/ui/preact/react.ts', import.meta.url)),
  },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: 'preact/jsx-runtime' },
];

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? preactForReact : [] },
  plugins: [
    react(),
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
