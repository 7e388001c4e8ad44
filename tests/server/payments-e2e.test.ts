// The student journey end to end with the real Cashfree adapter and the sandbox server, over
// HTTP: the app and the sandbox listen on free ports (the app's PUBLIC_ORIGIN, its
// SANDBOX_ORIGIN), so the adapter's calls, the student's calls and the checkout form are real
// HTTP requests; the sandbox delivers the signed webhook to notify_url. Order → checkout POST
// success → webhook → GET order shows PAID.
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { orders, paymentAttempts, schedules, webhookReceipts } from '../../src/server/db/schema';
import { runJobs } from '../support/jobs';
import { DEMO_PHONES } from '../../src/server/demo';
import { createCashfreeGateway } from '../../src/server/gateway/cashfree';
import { seedDemoData } from '../../src/server/seed';
import { testDatabases, useTestServer } from '../support/server';
import { orderBody } from './payments.support';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const sandboxPort = await freePort();
const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;

describe.each(testDatabases())('paying a tutor end to end on $name', (database) => {
  const server = useTestServer(database, {
    env: {
      PUBLIC_ORIGIN: origin,
      SANDBOX_ORIGIN: sandboxOrigin,
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_APP_ORIGIN: origin,
    },
  });
  let app: FastifyInstance;

  beforeAll(async () => {
    await server.sandbox.app.listen({ host: '127.0.0.1', port: sandboxPort });
    // The real adapters without the in-process shortcut: their calls go over TCP to the sandbox.
    app = await buildApp({
      config: server.config,
      db: server.db,
      clock: server.clock,
      gateway: createCashfreeGateway(server.config),
      logStream: server.logs,
      distDir: null,
    });
    await app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await server.inject({ method: 'DELETE', url: '/sandbox/cashfree/faults' });
  });

  /** A request over HTTP, its answer checked against the contract like app.inject's. */
  const http = async (
    method: string,
    path: string,
    options: { token?: string; json?: unknown; form?: Record<string, string> } = {},
  ) => {
    const response = await fetch(
      `${path.startsWith('/sandbox/') ? sandboxOrigin : origin}${path}`,
      {
        method,
        redirect: 'manual',
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
        ...(options.form ? { body: new URLSearchParams(options.form).toString() } : {}),
      },
    );
    const body = await response.text();
    server.checker.check(method, path, {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body,
    });
    return {
      status: response.status,
      headers: response.headers,
      body,
      json: () => JSON.parse(body),
    };
  };

  const loginOverHttp = async (phone: string, role: 'student' | 'teacher') => {
    expect(
      (await http('POST', '/api/v1/auth/generate-otp/', { json: { phone, role } })).status,
    ).toBe(200);
    const otp = await server.lastCode(phone);
    const res = await http('POST', '/api/v1/auth/validate-otp/', { json: { phone, otp, role } });
    expect(res.status).toBe(200);
    return res.json() as { access_token: string; id: number };
  };

  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('creates the order, pays it on the hosted checkout, takes the webhook, shows PAID', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const priya = await loginOverHttp(DEMO_PHONES.student, 'student');
    const asha = await http('GET', '/api/v1/user/search/?username=asha-verma', {
      token: priya.access_token,
    });
    const ashaId = (asha.json() as { id: number }[])[0]!.id;

    // Every webhook is delivered twice: the second must change nothing.
    await http('POST', '/sandbox/cashfree/faults', { json: { duplicateWebhooks: true } });

    const created = await http('POST', '/api/v1/payments/pg/order/', {
      token: priya.access_token,
      json: orderBody(priya.id, ashaId, 2000, { book_session: true }),
    });
    expect(created.status).toBe(201);
    const order = created.json() as { id: string; payment_session_id: string; amount: number };
    expect(order).toMatchObject({ amount: 2023.88, payment_session_id: expect.any(String) });

    const pending = await http('GET', `/api/v1/payments/pg/order/${order.id}/`, {
      token: priya.access_token,
    });
    expect(pending.json()).toMatchObject({ order: { status: 'ACTIVE' }, latest_payment_id: null });

    // The hosted checkout page allows only the card (D6), then the student pays.
    const page = await http('GET', `/sandbox/cashfree/checkout/${order.payment_session_id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('2,023.88');
    const paid = await http('POST', `/sandbox/cashfree/checkout/${order.payment_session_id}`, {
      form: {
        method: 'card',
        outcome: 'success',
        card_number: '4111 1111 1111 1111',
        card_expiry: '12/30',
        card_cvv: '123',
        card_holder: 'Priya Sharma',
      },
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${origin}/pay/redirect?order_id=${order.id}`);

    // The webhook arrives on its own timer and the worker applies it: PAID without any GET.
    const row = await eventually(
      async () => {
        await runJobs(server.app);
        return (await server.db.select().from(orders).where(eq(orders.id, order.id)))[0];
      },
      (r) => r?.status === 'PAID',
    );
    expect(row?.status).toBe('PAID');
    const deliveries = await eventually(
      async () =>
        (await http('GET', `/sandbox/cashfree/webhooks?order_id=${order.id}`)).json() as {
          state: string;
        }[],
      (list) => list.length === 2 && list.every((d) => d.state === 'delivered'),
    );
    expect(deliveries.map((d) => d.state)).toEqual(['delivered', 'delivered']);
    expect(await server.db.select().from(webhookReceipts)).toHaveLength(1);
    expect(await server.db.select().from(paymentAttempts)).toEqual([
      expect.objectContaining({ orderId: order.id, status: 'SUCCESS', amount: 202_388 }),
    ]);

    const status = await http('GET', `/api/v1/payments/pg/order/${order.id}/`, {
      token: priya.access_token,
    });
    expect(status.status).toBe(200);
    expect(status.json()).toMatchObject({
      id: order.id,
      order: { status: 'PAID', amount: 2023.88 },
      payee_name: 'Asha Verma',
      masked_account_number: 'XXXXXXXX4321',
      latest_payment_status: 'SUCCESS',
      payment_time: expect.any(String),
      schedule: { starttime: expect.any(String), endtime: expect.any(String) },
    });
    expect(await server.db.select().from(schedules)).toHaveLength(1);
  });

  it('re-reads the gateway when the webhook is lost, and a failed payment stays unpaid', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const priya = await loginOverHttp(DEMO_PHONES.student, 'student');
    const ashaId = (
      (
        await http('GET', '/api/v1/user/search/?username=asha-verma', { token: priya.access_token })
      ).json() as { id: number }[]
    )[0]!.id;
    await http('POST', '/sandbox/cashfree/faults', { json: { dropWebhooks: true } });
    {
      const created = await http('POST', '/api/v1/payments/pg/order/', {
        token: priya.access_token,
        json: orderBody(priya.id, ashaId, 500, { payment_method: 'upi' }),
      });
      const order = created.json() as { id: string; payment_session_id: string };
      const checkout = `/sandbox/cashfree/checkout/${order.payment_session_id}`;
      const refused = await http('POST', checkout, {
        form: { method: 'card', outcome: 'success', card_number: '4111111111111111' },
      });
      expect(refused.status).toBe(400); // a UPI order cannot be paid by card (D6)
      await http('POST', checkout, {
        form: { method: 'upi', outcome: 'failure', upi_id: 'x@upi' },
      });
      const failed = await http('GET', `/api/v1/payments/pg/order/${order.id}/`, {
        token: priya.access_token,
      });
      expect(failed.json()).toMatchObject({
        order: { status: 'ACTIVE' },
        latest_payment_status: 'FAILED',
      });
      await http('POST', checkout, {
        form: { method: 'upi', outcome: 'success', upi_id: 'success@upi' },
      });
      const paid = await http('GET', `/api/v1/payments/pg/order/${order.id}/`, {
        token: priya.access_token,
      });
      expect(paid.json()).toMatchObject({
        order: { status: 'PAID', amount: 500 },
        latest_payment_status: 'SUCCESS',
      });
      expect(await server.db.select().from(webhookReceipts)).toEqual([]);
    }
  });
});
