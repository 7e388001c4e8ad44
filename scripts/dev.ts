// `npm run dev`: the sandbox server (3100), the API server in watch mode (3001) and Vite's dev
// server (5173), which proxies /api to the API server and /sandbox to the sandbox (see
// vite.config.ts), so the checkout script and the sandbox's pages are on the page's origin.
// Ctrl-C stops all three.
import { supervise } from './supervise';

const apiPort = process.env.DEV_API_PORT ?? '3001';
// The page's origin is Vite's: the server builds return URLs and webhooks on it, and the
// sandbox's pages (checkout, KYC) are reached through Vite's proxy on it too.
const pageOrigin = 'http://127.0.0.1:5173';

supervise([
  {
    name: 'sandbox',
    command: 'npx',
    args: ['tsx', 'watch', 'sandbox/main.ts'],
    env: { SANDBOX_ORIGIN: pageOrigin, SANDBOX_APP_ORIGIN: `http://127.0.0.1:${apiPort}` },
  },
  {
    name: 'api',
    command: 'npx',
    args: ['tsx', 'watch', 'src/server/main.ts'],
    // The browser meets the sandbox's pages on the page's origin (D15 checks these).
    env: {
      PUBLIC_ORIGIN: pageOrigin,
      PORT: apiPort,
      CHECKOUT_ORIGIN: pageOrigin,
      ONBOARDING_ORIGIN: pageOrigin,
    },
  },
  {
    name: 'vite',
    command: 'npx',
    args: ['vite'],
    env: {
      DEV_API_URL: `http://127.0.0.1:${apiPort}`,
      VITE_ONBOARDING_ORIGIN: pageOrigin,
    },
  },
]);
