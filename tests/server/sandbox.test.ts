// The dev SMS outbox of the sandbox server (fed by its MSG91), and no sandbox in the product.
import { describe, expect, it } from 'vitest';
import { DEV_MSG91_AUTH_KEY } from '../../src/server/config';
import { DEV_SMS_TEMPLATE_IDS } from '../../src/server/sms/templates';
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
      channel: 'sms',
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
    // A text whose variables carry markup, as the provider would show it.
    await server.inject({
      method: 'POST',
      url: '/sandbox/msg91/api/v5/flow/',
      headers: { authkey: DEV_MSG91_AUTH_KEY, 'content-type': 'application/json' },
      payload: JSON.stringify({
        template_id: DEV_SMS_TEMPLATE_IDS.invitation,
        recipients: [{ mobiles: '919000000003', payer: '<script>alert(1)</script>', url: 'x' }],
      }),
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

describe.each(testDatabases())('the product server on $name', (database) => {
  const server = useTestServer(database);

  it('serves no sandbox route: the sandbox is a server of its own (D120)', async () => {
    for (const url of [
      '/sandbox/outbox.json?phone=9000000001',
      '/sandbox/outbox',
      '/sandbox/cashfree/js/v3/cashfree.js',
      '/sandbox/msg91/api/v5/flow/',
    ]) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
