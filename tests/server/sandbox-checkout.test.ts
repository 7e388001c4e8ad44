// The Cashfree sandbox's hosted checkout page, its signed webhooks and their delivery faults,
// and the browser script. Webhooks go to a tiny local receiver over real HTTP; the adapter's
// verifyPaymentWebhook checks what arrives.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCashfreeGateway } from '../../src/server/gateway/cashfree';
import { testDatabases, useTestServer } from '../support/server';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}

/**
 * A webhook endpoint: records every request, answers the queued statuses (each once its `held`
 * promise settles, if it has one), then 200.
 */
async function startReceiver() {
  const received: Received[] = [];
  const answers: { status: number; held?: Promise<void> }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = answers.shift() ?? { status: 200 };
      void (answer.held ?? Promise.resolve()).then(() => {
        const redirect = answer.status >= 300 && answer.status < 400;
        response.writeHead(answer.status, redirect ? { location: '/elsewhere' } : {});
        response.end('ok');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(testDatabases())('Cashfree sandbox checkout on $name', (database) => {
  const server = useTestServer(database);
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
    await server.inject({ method: 'DELETE', url: '/sandbox/cashfree/faults' });
    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { webhookRetryDelaysMs: [20, 20, 20] },
    });
  });

  async function createOrder(
    options: { methods?: string | null; amount?: number; note?: string; notifyUrl?: string } = {},
  ) {
    const orderId = `ord_${randomBytes(6).toString('hex')}`;
    const res = await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/pg/orders',
      headers: {
        'x-client-id': server.config.cashfree.clientId,
        'x-client-secret': server.config.cashfree.clientSecret,
        'x-api-version': '2025-01-01',
      },
      payload: {
        order_id: orderId,
        order_amount: options.amount ?? 170,
        order_currency: 'INR',
        customer_details: {
          customer_id: 'student_7',
          customer_phone: '9876543212',
          customer_name: 'Priya Sharma',
        },
        ...(options.note ? { order_note: options.note } : {}),
        order_meta: {
          return_url: 'https://app.example/pay/status?order={order_id}',
          notify_url: options.notifyUrl ?? receiver.url,
          ...(options.methods === null ? {} : { payment_methods: options.methods ?? 'upi' }),
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<{ payment_session_id: string }>().payment_session_id;
    return { orderId, session, url: `/sandbox/cashfree/checkout/${session}` };
  }

  const pay = (url: string, form: Record<string, string>) =>
    server.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams(form).toString(),
    });

  const order = async (orderId: string) =>
    (
      await server.inject({
        method: 'GET',
        url: `/sandbox/cashfree/pg/orders/${orderId}`,
        headers: {
          'x-client-id': server.config.cashfree.clientId,
          'x-client-secret': server.config.cashfree.clientSecret,
          'x-api-version': '2025-01-01',
        },
      })
    ).json<{ order_status: string }>();

  const verify = (hook: Received) =>
    createCashfreeGateway(server.config).verifyPaymentWebhook({
      rawBody: hook.body,
      signature: hook.headers['x-webhook-signature'] as string | undefined,
      timestamp: hook.headers['x-webhook-timestamp'] as string | undefined,
      now: server.clock.now(),
    });

  const deliveries = async (orderId: string) =>
    (
      await server.inject({ method: 'GET', url: `/sandbox/cashfree/webhooks?order_id=${orderId}` })
    ).json<{ state: string; attempts: { attempt: number; status: number | null }[] }[]>();

  /** What the receiver got for one order (a late webhook of another test cannot count). */
  const hooksFor = (orderId: string) =>
    receiver.received.filter((hook) => hook.body.includes(`"order_id":"${orderId}"`));

  const waitFor = (check: () => void | Promise<void>) =>
    vi.waitFor(check, { timeout: 5_000, interval: 20 });

  it('shows a UPI order only the UPI form, with the amount and the merchant', async () => {
    const { url } = await createOrder({ methods: 'upi', amount: 1010.1 });
    const res = await server.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.body).toContain('₹1,010.10');
    expect(res.body).toContain('TuitionPay');
    expect(res.body).toContain('name="upi_id"');
    expect(res.body).not.toContain('name="card_number"');
    expect(res.body).toContain('value="dropped"');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('name="viewport"');
  });

  it('shows a card order only the card form, and both when the order allows both', async () => {
    const card = await server.inject({
      method: 'GET',
      url: (await createOrder({ methods: 'cc' })).url,
    });
    expect(card.body).toContain('name="card_number"');
    expect(card.body).not.toContain('name="upi_id"');
    const both = await server.inject({
      method: 'GET',
      url: (await createOrder({ methods: null })).url,
    });
    expect(both.body).toContain('name="card_number"');
    expect(both.body).toContain('name="upi_id"');
  });

  it('escapes what the merchant sent', async () => {
    const { url } = await createOrder({ note: '<img src=x onerror=alert(1)> & "fees"' });
    const res = await server.inject({ method: 'GET', url });
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;fees&quot;');
  });

  it('refuses a card payment on a UPI order (D6), recording nothing', async () => {
    const { orderId, url } = await createOrder({ methods: 'upi' });
    const res = await pay(url, {
      method: 'card',
      card_number: '4111111111111111',
      outcome: 'success',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Card payments are not available for this order.');
    expect(res.body).not.toContain('name="card_number"');
    expect((await order(orderId)).order_status).toBe('ACTIVE');
    expect(await deliveries(orderId)).toEqual([]);
  });

  it('refuses a card number that is not 16 digits', async () => {
    const { orderId, url } = await createOrder({ methods: 'cc' });
    const res = await pay(url, { method: 'card', card_number: '4111 1111', outcome: 'success' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a 16-digit card number.');
    expect((await order(orderId)).order_status).toBe('ACTIVE');
  });

  it('pays: the order is PAID, the browser goes to return_url, a signed webhook arrives', async () => {
    const { orderId, url } = await createOrder({ methods: 'upi', amount: 170 });
    const res = await pay(url, { method: 'upi', upi_id: 'success@upi', outcome: 'success' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`https://app.example/pay/status?order=${orderId}`);
    expect((await order(orderId)).order_status).toBe('PAID');

    await waitFor(() => expect(receiver.received).toHaveLength(1));
    const [hook] = receiver.received;
    expect(hook!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-webhook-version': '2025-01-01',
      'x-webhook-attempt': '1',
      'x-webhook-timestamp': String(server.clock.now().getTime()),
      'x-webhook-signature': expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
    });
    // Amounts as Cashfree writes them: 170.00, signed as sent.
    expect(hook!.body).toContain('"order_amount":170.00');
    expect(hook!.body).toContain('"payment_amount":170.00');
    const event = JSON.parse(hook!.body) as Record<string, unknown>;
    expect(Object.keys(event).sort()).toEqual(['data', 'event_time', 'type']);
    expect(event).toMatchObject({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      event_time: '2025-01-15T10:00:00+05:30',
      data: {
        order: { order_id: orderId, order_currency: 'INR', order_tags: null },
        payment: {
          payment_status: 'SUCCESS',
          payment_currency: 'INR',
          payment_group: 'upi',
          payment_method: { upi: { channel: 'collect', upi_id: 'success@upi' } },
          bank_reference: expect.stringMatching(/^\d{12}$/),
        },
        customer_details: { customer_id: 'student_7', customer_phone: '9876543212' },
      },
    });

    const verified = verify(hook!);
    expect(verified).toEqual({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      orderId,
      eventTime: '2025-01-15T10:00:00+05:30',
      payment: {
        cfPaymentId: expect.stringMatching(/^\d+$/),
        orderId,
        status: 'SUCCESS',
        amount: 17000,
        group: 'upi',
        message: expect.any(String),
        time: '2025-01-15T10:00:00+05:30',
        bankReference: expect.stringMatching(/^\d{12}$/),
        errorCode: null,
      },
    });
    await waitFor(async () =>
      expect((await deliveries(orderId))[0]).toMatchObject({
        state: 'delivered',
        attempts: [{ attempt: 1, status: 200 }],
      }),
    );

    // A paid order takes no more payments.
    const again = await pay(url, { method: 'upi', upi_id: 'success@upi', outcome: 'success' });
    expect(again.statusCode).toBe(409);
    const page = await server.inject({ method: 'GET', url });
    expect(page.body).toContain('This order is PAID and cannot be paid.');
  });

  it('fails: the order stays ACTIVE and a FAILED webhook with error_details arrives', async () => {
    const { orderId, url } = await createOrder({ methods: 'cc', amount: 5059.71 });
    const res = await pay(url, {
      method: 'card',
      card_number: '4111 1111 1111 1111',
      card_expiry: '12/30',
      card_cvv: '123',
      outcome: 'failure',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`https://app.example/pay/status?order=${orderId}`);
    expect((await order(orderId)).order_status).toBe('ACTIVE');
    await waitFor(() => expect(receiver.received).toHaveLength(1));
    const hook = receiver.received[0]!;
    expect(hook.body).toContain('"payment_amount":5059.71');
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'PAYMENT_FAILED_WEBHOOK',
      data: {
        payment: {
          payment_status: 'FAILED',
          payment_group: 'credit_card',
          payment_method: { card: expect.objectContaining({ card_number: 'XXXXXXXXXXXX1111' }) },
        },
        error_details: expect.objectContaining({ error_code: 'TRANSACTION_DECLINED' }),
      },
    });
    expect(verify(hook)).toMatchObject({
      type: 'PAYMENT_FAILED_WEBHOOK',
      payment: { status: 'FAILED', amount: 505971, errorCode: 'TRANSACTION_DECLINED' },
    });
  });

  it('cancel / close records USER_DROPPED and still returns to the merchant', async () => {
    const { orderId, url } = await createOrder({ methods: 'upi' });
    const res = await pay(url, { method: 'upi', outcome: 'dropped' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain(orderId);
    expect((await order(orderId)).order_status).toBe('ACTIVE');
    await waitFor(() => expect(receiver.received).toHaveLength(1));
    expect(verify(receiver.received[0]!)).toMatchObject({
      type: 'PAYMENT_USER_DROPPED_WEBHOOK',
      payment: { status: 'USER_DROPPED', group: 'upi' },
    });
  });

  it('a pending UPI payment sends no webhook until it is simulated', async () => {
    const { orderId, url } = await createOrder({ methods: 'upi' });
    expect(
      (await pay(url, { method: 'upi', upi_id: 'x@upi', outcome: 'pending' })).statusCode,
    ).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(0);
    expect(await deliveries(orderId)).toEqual([]);
  });

  it('answers 404 for an unknown payment session', async () => {
    const res = await server.inject({
      method: 'GET',
      url: '/sandbox/cashfree/checkout/session_nope',
    });
    expect(res.statusCode).toBe(404);
    const post = await pay('/sandbox/cashfree/checkout/session_nope', { outcome: 'success' });
    expect(post.statusCode).toBe(404);
  });

  it('redirects at once, without waiting for the webhook to be delivered', async () => {
    // The app's webhook endpoint holds its answer until the student is back: a checkout that
    // waited for the delivery would never redirect (and the test would time out).
    let answer = () => {};
    receiver.answers.push({
      status: 200,
      held: new Promise<void>((resolve) => (answer = resolve)),
    });
    const { orderId, url } = await createOrder({ methods: 'upi' });
    const res = await pay(url, { method: 'upi', upi_id: 'success@upi', outcome: 'success' });
    expect(res.statusCode).toBe(303);
    expect((await deliveries(orderId))[0]?.state).not.toBe('delivered');
    answer();
    await waitFor(async () => expect((await deliveries(orderId))[0]?.state).toBe('delivered'));
  });

  it('retries a webhook answered non-2xx (3xx included) until it is delivered', async () => {
    receiver.answers.push({ status: 500 }, { status: 302 });
    const { orderId, url } = await createOrder({ methods: 'upi' });
    await pay(url, { method: 'upi', upi_id: 'success@upi', outcome: 'success' });
    await waitFor(() => expect(hooksFor(orderId)).toHaveLength(3));
    const hooks = hooksFor(orderId);
    expect(hooks.map((r) => r.headers['x-webhook-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(hooks.map((r) => r.body)).size).toBe(1);
    for (const hook of hooks) expect(verify(hook)).not.toBeNull();
    await waitFor(async () =>
      expect((await deliveries(orderId))[0]).toMatchObject({
        state: 'delivered',
        attempts: [
          { attempt: 1, status: 500 },
          { attempt: 2, status: 302 },
          { attempt: 3, status: 200 },
        ],
      }),
    );
  });

  it('gives up after the configured number of retries', async () => {
    receiver.answers.push(...Array.from({ length: 10 }, () => ({ status: 503 })));
    const { orderId, url } = await createOrder({ methods: 'upi' });
    await pay(url, { method: 'upi', upi_id: 'success@upi', outcome: 'success' });
    await waitFor(async () => expect((await deliveries(orderId))[0]?.state).toBe('failed'));
    expect(hooksFor(orderId)).toHaveLength(4);
  });

  it("delivers to the app's notify_url, signed as the app verifies it", async () => {
    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { webhookRetryDelaysMs: [] },
    });
    // The app checks the signature (a 401 otherwise) and answers 200 for an order not its own.
    const { orderId, url } = await createOrder({
      methods: 'upi',
      notifyUrl: `${server.config.publicOrigin}/api/v1/payments/pg/webhook/`,
    });
    await pay(url, { method: 'upi', upi_id: 'success@upi', outcome: 'success' });
    await waitFor(async () =>
      expect((await deliveries(orderId))[0]).toMatchObject({
        state: 'delivered',
        attempts: [{ attempt: 1, status: 200 }],
      }),
    );
  });

  it('drops webhooks when told to', async () => {
    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { dropWebhooks: true },
    });
    const { orderId, url } = await createOrder({ methods: 'upi' });
    expect(
      (await pay(url, { method: 'upi', upi_id: 'a@upi', outcome: 'success' })).statusCode,
    ).toBe(303);
    expect((await order(orderId)).order_status).toBe('PAID');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries(orderId)).map((d) => d.state)).toEqual(['dropped']);
  });

  it('duplicates webhooks when told to: same event twice, both valid', async () => {
    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { duplicateWebhooks: true },
    });
    const { url } = await createOrder({ methods: 'upi' });
    await pay(url, { method: 'upi', upi_id: 'a@upi', outcome: 'success' });
    await waitFor(() => expect(receiver.received).toHaveLength(2));
    const [first, second] = receiver.received.map(verify);
    expect(first).not.toBeNull();
    expect(second).toEqual(first);
  });

  it('reorders webhooks when told to: held, then sent newest first', async () => {
    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { reorderWebhooks: true },
    });
    const { orderId, url } = await createOrder({ methods: 'upi' });
    await pay(url, { method: 'upi', upi_id: 'a@upi', outcome: 'failure' });
    await pay(url, { method: 'upi', upi_id: 'a@upi', outcome: 'success' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries(orderId)).map((d) => d.state)).toEqual(['held', 'held']);

    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { reorderWebhooks: false },
    });
    await waitFor(() => expect(receiver.received).toHaveLength(2));
    expect(receiver.received.map((hook) => verify(hook)?.payment.status)).toEqual([
      'SUCCESS',
      'FAILED',
    ]);
  });

  it('serves the browser script that sends the tab to the checkout page', async () => {
    const res = await server.inject({ method: 'GET', url: '/sandbox/cashfree/js/v3/cashfree.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);

    const assigned: string[] = [];
    const window: Record<string, unknown> = {
      location: { origin: 'http://127.0.0.1:3000', assign: (url: string) => assigned.push(url) },
    };
    window.top = window;
    runInNewContext(res.body, {
      window,
      document: {
        currentScript: { src: 'http://127.0.0.1:3000/sandbox/cashfree/js/v3/cashfree.js' },
      },
      location: window.location,
      URL,
      Promise,
    });
    const factory = window.Cashfree as (options: { mode: string }) => {
      checkout(options: { paymentSessionId?: string; redirectTarget?: string }): Promise<unknown>;
    };
    const cashfree = factory({ mode: 'sandbox' });
    await expect(
      cashfree.checkout({ paymentSessionId: 'session_a/b', redirectTarget: '_self' }),
    ).resolves.toEqual({
      redirect: true,
    });
    expect(assigned).toEqual(['http://127.0.0.1:3000/sandbox/cashfree/checkout/session_a%2Fb']);
    await expect(cashfree.checkout({ redirectTarget: '_self' })).resolves.toEqual({
      error: expect.objectContaining({ message: expect.any(String) }),
    });
    expect(assigned).toHaveLength(1);
    expect(() => factory({ mode: 'nope' })).toThrow();
  });
});
