// Several stateless instances (issue 10.4, D122): health checks, request ids that are unique
// across instances or the load balancer's own, migrations that run once when instances start
// together, and a shutdown that lets requests in flight finish.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, selectRows } from '../../src/server/db/client';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { login, testDatabases, useTestServer } from '../support/server';
import { ORDER_URL, orderBody, usePaymentsServer } from './payments.support';

describe.each(testDatabases())('operations on $name', (database) => {
  const server = useTestServer(database, { env: { REQUEST_ID_HEADER: 'X-Request-Id' } });

  it('answers /healthz and /readyz without logging them', async () => {
    server.logs.clear();
    const health = await server.inject({ method: 'GET', url: '/healthz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await server.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
    expect(server.logs.lines).toEqual([]);
  });

  it("logs the load balancer's request id, or a random one", async () => {
    server.logs.clear();
    await server.inject({
      method: 'GET',
      url: '/api/v1/user/me/',
      headers: { 'x-request-id': 'lb-42' },
    });
    await server.inject({ method: 'GET', url: '/api/v1/user/me/' });
    await server.inject({ method: 'GET', url: '/api/v1/user/me/' });
    const ids = server.logs.entries().map((entry) => entry.reqId);
    expect(ids[0]).toBe('lb-42');
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[2]).not.toBe(ids[1]);
  });
});

describe.each(testDatabases())('shutting down on $name', (database) => {
  const t = usePaymentsServer(database);

  it('finishes a request in flight before closing', async () => {
    const app = await buildApp({
      config: t.server.config,
      db: t.server.db,
      clock: t.server.clock,
      gateway: t.fake,
      sandbox: t.server.sandbox.transport,
      distDir: null,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address() as { port: number };
    await seedDemoData(t.server.db, t.server.clock, t.server.pans);
    const asha = await login(t.server, DEMO_PHONES.onboardedTutor, 'teacher');
    t.server.clock.advance(31_000);
    const priya = await login(t.server, DEMO_PHONES.student, 'student');
    t.fake.createDelayMs = 500; // the gateway is slow: the order is still in flight at close
    const inFlight = fetch(`http://127.0.0.1:${address.port}${ORDER_URL}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${priya.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(orderBody(priya.id, asha.id, 500)),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = app.close();
    const response = await inFlight;
    expect(response.status).toBe(201);
    await closed;
    await expect(fetch(`http://127.0.0.1:${address.port}/healthz`)).rejects.toThrow();
  });
});

const postgres = process.env.TEST_DATABASE_URL;
const MIGRATIONS = new URL('../../src/server/db/migrations', import.meta.url);

/** Runs `test` on a database of its own, made for it and dropped after, with an admin client. */
async function onThrowawayDatabase(
  test: (db: { url: string; name: string; admin: pg.Client }) => Promise<void>,
) {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(postgres!);
  url.pathname = `/${name}`;
  try {
    await test({ url: url.toString(), name, admin });
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

describe.runIf(postgres)('migrations on PostgreSQL', () => {
  it('run once when two instances start together: the other waits, then finds them done', () =>
    onThrowawayDatabase(async ({ url }) => {
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: url, dataDir: '' }),
        openDatabase({ databaseUrl: url, dataDir: '' }),
      ]);
      const applied = await selectRows<{ n: number }>(
        a.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      await a.close();
      await b.close();
      // Each migration once: a second run would have failed on its tables, or added rows.
      expect(applied[0]!.n).toBe(readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).length);
    }));

  it('hold at most DATABASE_POOL_MAX connections per process however many queries wait (D163)', () =>
    onThrowawayDatabase(async ({ url, name, admin }) => {
      const opened = await openDatabase({ databaseUrl: url, dataDir: '', poolMax: 3 });
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => opened.db.execute(sql`select pg_sleep(0.05)`)),
      );
      // The pool keeps its connections open while idle, so they can be counted now.
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      await opened.close();
      expect(answers).toHaveLength(12);
      expect(rows[0]!.n).toBe(3);
    }));
});
