// The dev SMS outbox under /sandbox/, and its absence when the sandbox is off.
import { describe, expect, it } from 'vitest';
import { smsOutbox } from '../../src/server/db/schema';
import { testDatabases, useTestServer } from '../support/server';

const GENERATE = '/api/v1/auth/generate-otp/';

describe.each(testDatabases())('sandbox outbox on $name', (database) => {
  const server = useTestServer(database);

  it("lists one phone's messages newest first with the parsed code", async () => {
    await server.api('POST', GENERATE, { body: { phone: '9000000002', role: 'teacher' } });
    server.clock.advance(31_000);
    await server.api('POST', GENERATE, { body: { phone: '9000000002', role: 'teacher' } });
    const res = await server.inject({
      method: 'GET',
      url: '/sandbox/outbox.json?phone=9000000002',
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ phone: string; body: string; code: string; created_at: string }[]>();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      phone: '9000000002',
      body: `Your TuitionPay OTP is ${await server.lastCode('9000000002')}`,
      code: await server.lastCode('9000000002'),
      created_at: new Date(server.clock.now()).toISOString(),
    });
  });

  it('answers for one given phone only: nobody lists every phone (9.4)', async () => {
    await server.api('POST', GENERATE, { body: { phone: '9000000001', role: 'student' } });
    await server.api('POST', GENERATE, { body: { phone: '9000000002', role: 'student' } });
    const res = await server.inject({
      method: 'GET',
      url: '/sandbox/outbox.json?phone=9000000001',
    });
    expect(res.json<{ phone: string }[]>().map((e) => e.phone)).toEqual(['9000000001']);
    const all = await server.inject({ method: 'GET', url: '/sandbox/outbox.json' });
    expect(all.statusCode).toBe(400);
    const page = await server.inject({ method: 'GET', url: '/sandbox/outbox' });
    expect(page.body).toContain('<form');
    expect(page.body).not.toContain('OTP is');
  });

  it('shows the messages as an HTML page, escaped', async () => {
    await server.api('POST', GENERATE, { body: { phone: '9000000001', role: 'student' } });
    await server.db.insert(smsOutbox).values({
      phone: '9000000003',
      body: '<script>alert(1)</script>',
      createdAt: server.clock.now(),
    });
    const res = await server.inject({ method: 'GET', url: '/sandbox/outbox?phone=9000000003' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const own = await server.inject({ method: 'GET', url: '/sandbox/outbox?phone=9000000001' });
    expect(own.body).toContain(`OTP is ${await server.lastCode('9000000001')}`);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe.each(testDatabases())('sandbox off on $name', (database) => {
  const server = useTestServer(database, { env: { SANDBOX_ENABLED: 'false' } });

  it('answers 404 for the outbox', async () => {
    await server.api('POST', GENERATE, { body: { phone: '9000000001', role: 'student' } });
    for (const url of ['/sandbox/outbox.json', '/sandbox/outbox']) {
      expect((await server.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
