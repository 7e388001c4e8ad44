// `npm run dev`: the API server in watch mode on 3001 and Vite's dev server (which proxies
// /api and /sandbox to it, see vite.config.ts). Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.DEV_API_PORT ?? '3001';
// The page's origin is Vite's: the server builds checkout and KYC links (D15 checks them
// against the page's origin), return URLs and webhooks on it.
const pageOrigin = 'http://127.0.0.1:5173';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { PUBLIC_ORIGIN: pageOrigin, ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    env: { ...process.env, DEV_API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
