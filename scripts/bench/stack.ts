// The product as `npm start` runs it, for benchmarks: the built sandbox server and one web
// process (dist-server/, D217; on PGlite it runs the worker too), on free ports, with demo data;
// and the way in for a benchmark (logged-in students, the demo tutor).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PHONES } from '../../src/server/demo';
import { freePort } from '../lib/ports';
import { ready, start, stop, type Service } from '../lib/processes';

export interface Stack {
  url: string;
  sandboxUrl: string;
  /** Bytes of log the web process has written so far (info level, as in production). */
  logBytes(): number;
  /** The web process and the sandbox (the gateway), for their CPU time (cpu.ts). */
  pids: { web: number; gateway: number };
  stop(): Promise<void>;
}

/** `database`: a postgres:// URL, or 'pglite' (files in a temporary directory). */
export async function startStack(database: string): Promise<Stack> {
  if (!existsSync('dist-server/main.js')) throw new Error('npm run build first');
  const [port, sandboxPort] = await Promise.all([freePort(), freePort()]);
  const url = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const dataDir = database === 'pglite' ? mkdtempSync(join(tmpdir(), 'tuitionpay-bench-')) : null;
  const services: Service[] = [];
  const sandbox = start('sandbox', 'dist-server/sandbox.js', {
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_APP_ORIGIN: url,
    LOG_LEVEL: 'warn',
  });
  services.push(sandbox);
  await ready(sandbox, `${sandboxUrl}/healthz`);
  const web = start('web', 'dist-server/main.js', {
    // A local run (libraries the benchmark loads may set NODE_ENV=production in its process).
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_ORIGIN: url,
    SANDBOX_ORIGIN: sandboxUrl,
    // PGlite: a DATABASE_URL the benchmark itself was given must not reach this process.
    ...(dataDir
      ? { DATA_DIR: dataDir, DATABASE_URL: '' }
      : { DATABASE_URL: database, WORKER_IN_PROCESS: 'true' }),
    SEED_DEMO_DATA: 'true',
    // As in production: request lines at info.
    LOG_LEVEL: 'info',
    OTP_CODES_PER_ADDRESS_PER_HOUR: '100000',
    OTP_CODES_PER_ADDRESS_PER_DAY: '100000',
    OTP_CODES_PER_MINUTE: '100000',
  });
  services.push(web);
  await ready(web, `${url}/readyz`);
  return {
    url,
    sandboxUrl,
    logBytes: () => web.stderrBytes(),
    pids: { web: web.child.pid!, gateway: sandbox.child.pid! },
    async stop() {
      await Promise.all(services.map((s) => stop(s)));
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Logs `phone` in through the API with the code the sandbox's outbox shows. */
export async function login(stack: Stack, phone: string, role: 'student' | 'teacher') {
  const sent = await json(`${stack.url}/api/v1/auth/generate-otp/`, {
    method: 'POST',
    body: JSON.stringify({ phone, role }),
  });
  if (sent.status !== 200) {
    throw new Error(`generate-otp: ${sent.status} ${JSON.stringify(sent.body)}`);
  }
  const outbox = (await (
    await fetch(`${stack.sandboxUrl}/sandbox/outbox.json?phone=${phone}`)
  ).json()) as { code: string | null }[];
  const otp = outbox.find((m) => m.code)?.code;
  const validated = await json(`${stack.url}/api/v1/auth/validate-otp/`, {
    method: 'POST',
    body: JSON.stringify({ phone, otp, role }),
  });
  if (validated.status !== 200) throw new Error(`validate-otp: ${validated.status}`);
  return validated.body as { access_token: string; id: number };
}

/** `n` students with names and a PAN (they can pay). */
export async function students(stack: Stack, n: number) {
  const list = [];
  for (let i = 0; i < n; i += 1) {
    const phone = `7${String(400_000_000 + i).padStart(9, '0')}`;
    const session = await login(stack, phone, 'student');
    const res = await json(`${stack.url}/api/v1/user/onboarding/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({
        phone,
        first_name: 'Bench',
        last_name: `Student ${String.fromCharCode(65 + (i % 26))}`,
        pan: `ABCP${String.fromCharCode(65 + (i % 26))}${String(2000 + i).slice(-4)}K`,
      }),
    });
    if (res.status >= 300) throw new Error(`onboarding: ${res.status} ${JSON.stringify(res.body)}`);
    list.push({ ...session, phone });
  }
  return list;
}

export const demoTutor = (stack: Stack) => login(stack, DEMO_PHONES.onboardedTutor, 'teacher');
