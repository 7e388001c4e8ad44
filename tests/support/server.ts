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
import { Writable } from 'node:stream';
import { desc, eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp, type AppOptions } from '../../src/server/app';
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

async function openTestDatabase(target: TestDatabase) {
  if (target.name === 'pglite') return openDatabase({ databaseUrl: 'memory://', dataDir: '' });
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

export async function startTestServer(target: TestDatabase, options: TestServerOptions = {}) {
  const database = await openTestDatabase(target);
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: 'memory://',
    // Tests run jobs by hand (tests/support/jobs.ts), with no worker timers.
    WORKER_IN_PROCESS: 'false',
    ...options.env,
  });
  const clock = new TestClock();
  const logs = new LogCapture();
  const handlers = options.handlers ?? defaultHandlers;
  const app: FastifyInstance = await buildApp({
    config,
    db: database.db,
    clock,
    logStream: logs,
    handlers,
    distDir: options.distDir ?? null,
    sms: options.sms,
    generateOtp: options.generateOtp,
    contract: options.contract,
  });
  await app.ready();
  const checker = createContractChecker({
    implemented: new Set(Object.keys(handlers)),
    contract: options.contract,
  });
  const db: Database = database.db;

  /** app.inject, with every response checked against the contract. */
  const inject = async (request: InjectOptions & { method: string; url: string }) => {
    const response = await app.inject(request);
    checker.check(request.method, request.url, {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
    });
    return response;
  };

  return {
    app,
    db,
    clock,
    config,
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
    /** The newest OTP texted to `phone` (from the dev outbox table). */
    async lastCode(phone: string): Promise<string> {
      const [row] = await db
        .select()
        .from(schema.smsOutbox)
        .where(eq(schema.smsOutbox.phone, phone))
        .orderBy(desc(schema.smsOutbox.id))
        .limit(1);
      const code = row && /(?<!\d)(\d{4})(?!\d)/.exec(row.body)?.[1];
      if (!code) throw new Error(`no OTP was sent to ${phone}`);
      return code;
    },
    /** Empties every table and puts the clock back, between tests. */
    async reset(): Promise<void> {
      const tables = Object.values(schema)
        .filter((value) => typeof value === 'object' && value !== null && 'getSQL' in value)
        .map((table) => `"${getTableName(table as typeof schema.users)}"`);
      await db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
      // Jobs a test left behind must not run in the next one.
      await db.execute(sql.raw('delete from pgboss.job'));
      clock.reset();
      logs.clear();
    },
    async close(): Promise<void> {
      await app.close();
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
  return res.json<{ access_token: string; id: number; expires_at: string }>();
}

/** A code of the same length that is certainly not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
}
