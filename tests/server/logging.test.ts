// No OTP, PAN or token in the logs of a full login (D12, D13, D16); one short, redacted line
// per request (D118).
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from '../../src/server/http/logging';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { login, testDatabases, useTestServer } from '../support/server';

/** Every string value in a parsed log entry (numbers such as responseTime are not text). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe.each(testDatabases())('logs on $name', (database) => {
  const server = useTestServer(database);

  it('hold no OTP, PAN or token after a full login', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const phone = DEMO_PHONES.onboardedTutor;
    const { access_token: token } = await login(server, phone, 'teacher');
    const code = await server.lastCode(phone);
    const me = await server.api('GET', '/api/v1/user/me/', { token });
    expect(me.json<{ pan: string }>().pan).toBe('ABCPV****D');
    await server.api('POST', '/api/v1/auth/logout/', { token });

    const entries = server.logs.entries();
    expect(entries.length).toBeGreaterThan(3);
    const withCode = entries.filter((e) =>
      strings(e).some((s) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(s)),
    );
    // The code goes to the SMS provider only (the sandbox's outbox stands in for the phone).
    expect(withCode.map((e) => e.msg)).toEqual([]);
    const text = server.logs.lines.join('\n');
    expect(text).not.toContain('ABCPV1234D');
    expect(text).not.toContain(token);
    expect(text).not.toContain(phone); // the request log has URLs, not bodies
  });

  it('redacts secret fields if anything logs them', () => {
    server.app.log.info(
      {
        otp: '4821',
        body: { pan: 'ABCPV1234D' },
        user: { pan: 'ABCPV1234D', account_number: '123456789012' },
      },
      'careless',
    );
    const line = server.logs.lines.at(-1) ?? '';
    expect(line).toContain('careless');
    for (const secret of ['4821', 'ABCPV1234D', '123456789012']) expect(line).not.toContain(secret);
  });
});

describe.each(testDatabases())('request logs and caches on $name', (database) => {
  const server = useTestServer(database);

  it('redact query values, keep parameter values out of error logs, and cache nothing private', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const { access_token: token } = await login(server, DEMO_PHONES.student, 'student');
    server.logs.clear();
    await server.api('GET', `/api/v1/user/search/?phone=9876543210&pan=ABCPV1234D&t=${token}`, {
      token,
    });
    const text = server.logs.lines.join('\n');
    expect(text).toContain('/api/v1/user/search/?phone=[redacted]&pan=[redacted]&t=[redacted]');
    for (const secret of ['9876543210', 'ABCPV1234D', token]) expect(text).not.toContain(secret);

    // A database error, as drizzle reports it, logged the way the error handler logs it.
    const failed = await server.db
      .execute(sql`select ${'ABCPV1234D'}::int as n`)
      .catch((error: unknown) => error);
    server.app.log.error({ err: failed }, 'request failed');
    const line = server.logs.lines.at(-1) ?? '';
    expect(line).toContain('Failed query');
    expect(line).not.toContain('ABCPV1234D');

    const me = await server.api('GET', '/api/v1/user/me/', { token });
    expect(me.headers['cache-control']).toBe('no-store');
    const publicLookup = await server.api('GET', '/api/v1/user/search-action/?username=asha-verma');
    expect(publicLookup.headers['cache-control']).not.toBe('no-store');
  });

  it('write one line per request, under 1 KB, and none for health checks or static files', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const { access_token: token } = await login(server, DEMO_PHONES.student, 'student');
    server.logs.clear();
    const requests = 50;
    for (let i = 0; i < requests; i += 1) {
      await server.api('GET', '/api/v1/user/me/', { token });
    }
    await server.inject({ method: 'GET', url: '/healthz' });
    await server.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    // A request's line is written once its response is out, so the login's may land after
    // clear() and the last /me's after the loop (CI saw 51 on PostgreSQL): wait for the 50.
    const meLines = () =>
      server.logs.lines.filter((line) => {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        return entry.msg === 'request' && entry.url === '/api/v1/user/me/';
      });
    await vi.waitFor(() => expect(meLines()).toHaveLength(requests), { timeout: 5000 });
    const lines = meLines();
    expect(server.logs.lines.join('\n')).not.toMatch(/healthz|index-abc123/);
    const bytes = lines.reduce((sum, l) => sum + Buffer.byteLength(l) + 1, 0);
    console.info(`log bytes per request: ${(bytes / requests).toFixed(0)}`);
    expect(bytes / requests).toBeLessThan(1024);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'request',
      method: 'GET',
      url: '/api/v1/user/me/',
      status: 200,
    });
  });
});

describe("a request's logger", () => {
  it('writes with the request id, at the parent level, and makes children that keep it', () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const root = Fastify({ logger: { level: 'info', stream } }).log;
    const log = lazyChildLogger(root, { reqId: 'r-1' }, {});
    expect(log.level).toBe('info');
    log.debug('below the level');
    log.warn({ step: 'gateway' }, 'gateway order failed');
    log.child({ job: 'refund' }).error('refund failed');
    expect(lines.map(({ reqId, msg, step, job }) => ({ reqId, msg, step, job }))).toEqual([
      { reqId: 'r-1', msg: 'gateway order failed', step: 'gateway', job: undefined },
      { reqId: 'r-1', msg: 'refund failed', step: undefined, job: 'refund' },
    ]);
    const quiet = lazyChildLogger(root, { reqId: 'r-2' }, { level: 'error' });
    expect(quiet.level).toBe('error');
    quiet.warn('not written');
    expect(lines).toHaveLength(2);
  });
});
