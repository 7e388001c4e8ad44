// D217: the build runs as production runs it. What a deployment ships (package.json, the lock
// file, patches/, dist/ and dist-server/) is copied to an empty directory, installed there with
// `npm ci --omit=dev` (no tsx, Vite or esbuild), and README's commands start the web server
// and a worker on PostgreSQL (TEST_DATABASE_URL, else a throwaway cluster), in production mode
// with every credential set, the gateway and providers pointed at a closed local port. The web
// server must answer /readyz, the API and a page; the worker must be up; SIGTERM stops both.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports';
import { startCluster, type Cluster } from '../../scripts/lib/postgres';
import { alive, answers, exited, launch } from './processes';

const SHIPPED = ['package.json', 'package-lock.json', 'patches', 'dist', 'dist-server'];

let dir: string;
let cluster: Cluster | null = null;
let databaseUrl: string;

beforeAll(async () => {
  expect(existsSync('dist-server/main.js') && existsSync('dist/index.html'), 'npm run build').toBe(
    true,
  );
  dir = mkdtempSync(join(tmpdir(), 'tuitionpay-production-'));
  for (const path of SHIPPED) cpSync(path, join(dir, path), { recursive: true });
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    stdio: 'pipe',
    timeout: 280_000,
  });
  // A database of its own in the given server, as the server suites make theirs.
  if (!process.env.TEST_DATABASE_URL) cluster = await startCluster();
  const server = process.env.TEST_DATABASE_URL ?? cluster!.url;
  const name = `tp_production_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  cluster?.stop();
}, 180_000);

/** Production settings: every credential of the checklist (README: Deployment), all local. */
async function productionEnv() {
  const port = await freePort();
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  const secret = (name: string) => `${name}-production-test-value-of-enough-length`;
  return {
    port,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      WORKER_IN_PROCESS: 'false',
      APP_SECRET: secret('app'),
      CASHFREE_ENV: 'production',
      CASHFREE_CLIENT_ID: 'production-test-client',
      CASHFREE_CLIENT_SECRET: secret('cashfree'),
      CASHFREE_PARTNER_API_KEY: secret('partner'),
      CASHFREE_PG_BASE_URL: `${nowhere}/pg`,
      CASHFREE_VERIFICATION_BASE_URL: `${nowhere}/verification`,
      CASHFREE_PARTNER_BASE_URL: `${nowhere}/partners`,
      CASHFREE_CHECKOUT_SCRIPT_URL: `${nowhere}/cashfree.js`,
      CHECKOUT_ORIGIN: nowhere,
      ONBOARDING_ORIGIN: nowhere,
      MSG91_AUTH_KEY: secret('msg91'),
      MSG91_BASE_URL: nowhere,
      MSG91_WEBHOOK_TOKEN: secret('msg91-webhook'),
      MSG91_TEMPLATE_OTP: 'tpl-otp',
      MSG91_TEMPLATE_INVITATION: 'tpl-invitation',
      MSG91_TEMPLATE_INVITATION_WITH_AMOUNT: 'tpl-invitation-amount',
      MSG91_TEMPLATE_FEE_REMINDER: 'tpl-fee-reminder',
      MSG91_TEMPLATE_AUTOPAY_NOTICE: 'tpl-autopay-notice',
      MSG91_TEMPLATE_AUTOPAY_FAILED: 'tpl-autopay-failed',
      WHATSAPP_PHONE_NUMBER_ID: '100200300400',
      WHATSAPP_ACCESS_TOKEN: secret('whatsapp'),
      WHATSAPP_APP_SECRET: secret('whatsapp-app'),
      WHATSAPP_VERIFY_TOKEN: secret('whatsapp-verify'),
      WHATSAPP_BASE_URL: nowhere,
      // D269: our own registration, for the platform fee's invoices (a valid GSTIN's shape).
      PLATFORM_GSTIN: '27AAPFU0939F1ZV',
      PLATFORM_ADDRESS: 'TuitionPay, 2 Production Road, Pune 411001',
      // D315: a key of its own, not the development one (openssl rand -base64 32 in real life).
      DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
      SWEEP_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'info',
    },
  };
}

describe('the build, installed without dev dependencies', () => {
  it('has no development tools to lean on', () => {
    for (const tool of ['tsx', 'vite', 'esbuild', 'vitest', 'eslint']) {
      expect(existsSync(join(dir, 'node_modules', tool)), tool).toBe(false);
    }
  });

  it('runs the web server and a worker on PostgreSQL, and SIGTERM stops them', async () => {
    const { port, env } = await productionEnv();
    const web = launch('node', ['dist-server/main.js'], { cwd: dir, env });
    const worker = launch('node', ['dist-server/worker.js'], { cwd: dir, env });
    try {
      await answers(`http://127.0.0.1:${port}/readyz`, web);
      const origin = `http://127.0.0.1:${port}`;
      const search = await fetch(`${origin}/api/v1/user/search/?username=nobody-here`);
      expect(search.status, web.output()).toBe(200);
      expect(await search.json()).toEqual([]);
      const page = await fetch(`${origin}/student/login`);
      expect(page.status).toBe(200);
      // The prerendered first paint (dist/.vite/prerender.json) is in the page.
      const prerendered = JSON.parse(
        readFileSync(join(dir, 'dist/.vite/prerender.json'), 'utf8'),
      ) as Record<string, { en: string }>;
      expect(await page.text()).toContain(
        `<div id="root">${prerendered['/student/login']!.en}</div>`,
      );

      // The worker has started its loop and is still up a few sweeps later.
      const deadline = Date.now() + 60_000;
      while (!worker.output().includes('worker started') && Date.now() < deadline) {
        expect(worker.child.exitCode, worker.output()).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(worker.output()).toContain('worker started');
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(worker.child.exitCode, worker.output()).toBeNull();
      expect(worker.output()).not.toMatch(/"level":(50|60)/);

      web.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
      expect(await exited(web.child), web.output()).toBe(0);
      expect(await exited(worker.child), worker.output()).toBe(0);
    } finally {
      for (const { child } of [web, worker]) if (alive(child.pid!)) child.kill('SIGKILL');
    }
  });
});
