// The server test harness: a test app on a fresh database, for every database available.
// In-memory PGlite always; when TEST_DATABASE_URL is set (CI), also PostgreSQL, in a fresh
// database per test file (dropped after). Every API response goes through the contract
// checker (tests/support/contract.ts), so a response that breaks the contract fails the test.
//
//   describe.each(testDatabases())('login on $name', (database) => {
//     const server = useTestServer(database);
//     it('...', async () => { const res = await server.api('GET', '/api/v1/user/me/'); });
//   });
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildSandbox } from '../../sandbox/app';
import { loadSandboxConfig } from '../../sandbox/config';
import { buildApp, type AppOptions } from '../../src/server/app';
import type { LocalTransport } from '../../src/server/gateway/transport';
import type { Clock } from '../../src/server/clock';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { handlers as defaultHandlers } from '../../src/server/routes';
import { createContractChecker } from './contract';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  url: string;
}

/** The databases every server suite runs against. */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', url: 'memory://' }];
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) list.push({ name: 'postgres', url: postgres });
  return list;
}

/** A clock the test moves by hand; starts at a fixed instant so runs are reproducible. */
export class TestClock implements Clock {
  private current: number;
  constructor(readonly start = Date.parse('2025-01-15T04:30:00.000Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  reset(): void {
    this.current = this.start;
  }
}

/** Every log line the app wrote, for asserting what never reaches the logs. */
export class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
  clear(): void {
    this.lines = [];
  }
}

export async function openTestDatabase(target: TestDatabase) {
  if (target.name === 'pglite') {
    // A copy of a migrated database (migratedPglite.ts), rather than a new one's initdb.
    const startFrom = new Blob([readFileSync(inject('migratedPglite'))]);
    return openDatabase({ databaseUrl: 'memory://', dataDir: '', startFrom });
  }
  // drizzle-kit's SQL names "public" in foreign keys, so each file gets its own database
  // rather than its own schema.
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(target.url);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    ...opened,
    async close() {
      await opened.close();
      const dropper = new pg.Client({ connectionString: target.url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface ApiOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestServerOptions extends Partial<
  Pick<AppOptions, 'handlers' | 'distDir' | 'sms' | 'generateOtp' | 'contract'>
> {
  /** Environment on top of NODE_ENV=test, LOG_LEVEL=info. */
  env?: Record<string, string>;
}

/**
 * The sandbox server (D120) in this process, on the app's clock: the app reaches it without a
 * socket (`transport`) and its webhooks reach the app the same way (`connect`).
 */
export async function startTestSandbox(env: Record<string, string | undefined>, clock: Clock) {
  // Settlements are paid out when a test asks (D272), never by a timer mid-test.
  const config = loadSandboxConfig({ SANDBOX_SETTLE_EVERY_MS: '0', ...env, LOG_LEVEL: 'silent' });
  const inject: { app: FastifyInstance | null; origin: string | null } = {
    app: null,
    origin: null,
  };
  const sandbox = await buildSandbox({
    config,
    clock,
    deliver: async (url, request) => {
      if (!inject.app || url.origin !== inject.origin) {
        const response = await fetch(url, { method: 'POST', ...request, redirect: 'manual' });
        return response.status;
      }
      const response = await inject.app.inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: request.headers,
        payload: request.body,
      });
      return response.statusCode;
    },
  });
  await sandbox.ready();
  return {
    app: sandbox,
    config,
    transport: {
      origin: config.origin,
      inject: (request) => sandbox.inject(request),
    } as LocalTransport,
    /** Webhooks to `origin` go to `app` in-process. */
    connect(app: FastifyInstance, origin: string) {
      inject.app = app;
      inject.origin = origin;
    },
  };
}

/**
 * D198: one statement that empties every table of the schema and restarts its ids, as
 * `truncate ... restart identity cascade` did in 120-250 ms a test on PostgreSQL (each table
 * gets new files); deleting the few rows a test made takes a few milliseconds. The deletes are one
 * statement's parts, so the foreign keys are checked once every table is empty, and tables that
 * point at each other (orders and payment links) need no order.
 */
function emptyingStatement(): SQL {
  const deletes = Object.values(schema)
    .filter((value) => typeof value === 'object' && value !== null && 'getSQL' in value)
    .filter((table) => table !== schema.auditEvents)
    .map((table, i) => `d${i} as (delete from "${getTableName(table as typeof schema.users)}")`);
  return sql.raw(`with ${deletes.join(', ')}
    select setval(s.seqrelid, s.seqstart, false) from pg_sequence s
      join pg_class c on c.oid = s.seqrelid where c.relnamespace = 'public'::regnamespace`);
}

export async function startTestServer(target: TestDatabase, options: TestServerOptions = {}) {
  const database = await openTestDatabase(target);
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: 'memory://',
    // Tests run jobs by hand (tests/support/jobs.ts), with no worker timers.
    WORKER_IN_PROCESS: 'false',
    // The in-process sandbox answers as fast as the machine can; a busy 2-core CI running a
    // flood test can take seconds (tests of the timeout itself set their own).
    MSG91_TIMEOUT_MS: '30000',
    ...options.env,
  };
  const config: Config = loadConfig(env);
  const clock = new TestClock();
  const logs = new LogCapture();
  const sandbox = await startTestSandbox(
    { SANDBOX_APP_ORIGIN: config.publicOrigin, ...env },
    clock,
  );
  const handlers = options.handlers ?? defaultHandlers;
  const app: FastifyInstance = await buildApp({
    config,
    db: database.db,
    clock,
    logStream: logs,
    handlers,
    distDir: options.distDir ?? null,
    sms: options.sms,
    sandbox: sandbox.transport,
    generateOtp: options.generateOtp,
    contract: options.contract,
  });
  sandbox.connect(app, config.publicOrigin);
  await app.ready();
  const checker = createContractChecker({
    implemented: new Set(Object.keys(handlers)),
    contract: options.contract,
  });
  const db: Database = database.db;
  const emptyEveryTable = emptyingStatement();

  /** app.inject (the sandbox's for /sandbox/), every API response checked against the contract. */
  const inject = async (request: InjectOptions & { method: string; url: string }) => {
    const target = request.url.startsWith('/sandbox/') ? sandbox.app : app;
    const response = await target.inject(request);
    checker.check(request.method, request.url, {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
    });
    return response;
  };

  /** The texts `phone` received, newest first (the sandbox's dev outbox). */
  const texts = async (phone: string): Promise<{ body: string; code: string | null }[]> =>
    (
      await sandbox.app.inject({ method: 'GET', url: `/sandbox/outbox.json?phone=${phone}` })
    ).json();

  return {
    app,
    db,
    clock,
    config,
    /** D315: how the app seals PANs, for tests that write users directly. */
    pans: app.services.pans,
    logs,
    checker,
    inject,
    /** A JSON API call; `.json()` on the result parses the body. */
    api(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, opts: ApiOptions = {}) {
      return inject({
        method,
        url,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        ...(opts.body === undefined ? {} : { payload: opts.body as InjectOptions['payload'] }),
      });
    },
    sandbox,
    texts,
    /** The newest OTP texted to `phone`. */
    async lastCode(phone: string): Promise<string> {
      const code = (await texts(phone)).find((text) => text.code)?.code;
      if (!code) throw new Error(`no OTP was sent to ${phone}`);
      return code;
    },
    /** Empties every table and puts the clock back, between tests. */
    async reset(): Promise<void> {
      // D323: the audit trail refuses DELETE to everyone; only a test's reset, as the table's
      // owner, turns its trigger off for the moment it empties the table.
      await db.execute(sql.raw('alter table audit_events disable trigger audit_events_no_change'));
      await db.execute(sql.raw('delete from audit_events'));
      await db.execute(sql.raw('alter table audit_events enable trigger audit_events_no_change'));
      await db.execute(emptyEveryTable);
      // Jobs a test left behind must not run in the next one, nor its texts be read.
      await db.execute(sql.raw('delete from pgboss.job'));
      await sandbox.app.inject({ method: 'DELETE', url: '/sandbox/outbox' });
      clock.reset();
      logs.clear();
    },
    async close(): Promise<void> {
      await app.close();
      await sandbox.app.close();
      await database.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Starts a server for the enclosing describe block, resets it before each test. */
export function useTestServer(target: TestDatabase, options: TestServerOptions = {}): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(target, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(async () => {
    await current?.reset();
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!current) throw new Error('useTestServer: the server starts in beforeAll');
      return current[key as keyof TestServer];
    },
  });
}

/** Logs `phone` in with `role` through the real endpoints; returns the access token. */
export async function login(server: TestServer, phone: string, role: 'student' | 'teacher') {
  const sent = await server.api('POST', '/api/v1/auth/generate-otp/', { body: { phone, role } });
  if (sent.statusCode !== 200) throw new Error(`generate-otp: ${sent.statusCode} ${sent.body}`);
  const otp = await server.lastCode(phone);
  const res = await server.api('POST', '/api/v1/auth/validate-otp/', {
    body: { phone, otp, role },
  });
  if (res.statusCode !== 200) throw new Error(`validate-otp: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string; id: number; expires_at: string; language: string }>();
}

/** A code of the same length that is certainly not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
}
