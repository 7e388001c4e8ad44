// The Cashfree adapter (src/server/gateway/cashfree.ts) against the sandbox: over real HTTP
// (the app listens on a free port and basePath points at it) and in-process (loopback), with
// its error mapping, timeout and webhook verification.
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCashfreeGateway } from '../../src/server/gateway/cashfree';
import { signWebhook } from '../../src/server/gateway/signature';
import type { GatewayOrderInput, PaymentGateway } from '../../src/server/gateway/types';
import { rejection, startStub } from '../support/gateway';
import { testDatabases, useTestServer } from '../support/server';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function input(overrides: Partial<GatewayOrderInput> = {}): GatewayOrderInput {
  return {
    orderId: `ord_${randomBytes(6).toString('hex')}`,
    amount: 101_010,
    customer: { id: 'student_12', phone: '9876543212', name: 'Priya Sharma' },
    paymentMethod: 'cc',
    returnUrl: 'https://app.example/pay/status/{order_id}',
    notifyUrl: 'http://127.0.0.1:9/webhook',
    note: 'Tuition fee',
    tags: { tutor: 'asha-verma' },
    ...overrides,
  };
}

describe.each(testDatabases())('Cashfree adapter on $name', (database) => {
  const server = useTestServer(database);
  let base = '';
  let gateway: PaymentGateway;

  beforeAll(async () => {
    await server.sandbox.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.sandbox.app.server.address() as AddressInfo).port}`;
    gateway = createCashfreeGateway(server.config, { basePath: `${base}/sandbox/cashfree/pg` });
  });
  beforeEach(async () => {
    await server.inject({ method: 'DELETE', url: '/sandbox/cashfree/faults' });
  });

  const sandboxOrder = async (orderId: string) =>
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
    ).json<Record<string, unknown>>();

  const checkout = (session: string, form: Record<string, string>) =>
    server.inject({
      method: 'POST',
      url: `/sandbox/cashfree/checkout/${session}`,
      headers: FORM,
      payload: new URLSearchParams(form).toString(),
    });

  it("keeps the SDK's third-party error reporting off", async () => {
    const sentry = await import('@sentry/node');
    createCashfreeGateway(server.config);
    expect(sentry.isInitialized()).toBe(false);
  });

  it('creates an order limited to the one method, in rupees at the edge only', async () => {
    const order = await gateway.createOrder(input({ paymentMethod: 'upi' }));
    expect(order).toEqual({
      orderId: expect.stringMatching(/^ord_/),
      cfOrderId: expect.stringMatching(/^\d+$/),
      status: 'ACTIVE',
      amount: 101_010,
      paymentSessionId: expect.stringMatching(/^session_/),
      expiresAt: '2025-02-14T10:00:00+05:30',
    });
    expect(await sandboxOrder(order.orderId)).toMatchObject({
      order_amount: 1010.1,
      order_note: 'Tuition fee',
      order_tags: { tutor: 'asha-verma' },
      customer_details: { customer_id: 'student_12', customer_name: 'Priya Sharma' },
      order_meta: {
        payment_methods: 'upi',
        return_url: 'https://app.example/pay/status/{order_id}',
        notify_url: 'http://127.0.0.1:9/webhook',
      },
    });
  });

  it('answers a retried create with the same order, and refuses a changed one', async () => {
    const first = input({ idempotencyKey: `idem_${randomBytes(6).toString('hex')}` });
    const created = await gateway.createOrder(first);
    expect(await gateway.createOrder(first)).toEqual(created);
    const changed = await rejection(gateway.createOrder({ ...first, amount: 20_000 }));
    expect(changed).toMatchObject({ status: 422, code: 'idempotency_error' });
    const reused = await rejection(gateway.createOrder({ ...first, idempotencyKey: undefined }));
    expect(reused).toMatchObject({ status: 409, code: 'order_already_exists' });
  });

  it('fetches the order and its payments after checkout outcomes', async () => {
    const created = await gateway.createOrder(input({ paymentMethod: 'cc' }));
    expect(await gateway.fetchPayments(created.orderId)).toEqual([]);
    await checkout(created.paymentSessionId, {
      method: 'card',
      card_number: '4111111111111111',
      outcome: 'failure',
    });
    await checkout(created.paymentSessionId, {
      method: 'card',
      card_number: '4111111111111111',
      outcome: 'success',
    });
    expect(await gateway.fetchOrder(created.orderId)).toMatchObject({
      orderId: created.orderId,
      cfOrderId: created.cfOrderId,
      status: 'PAID',
      amount: 101_010,
      paymentSessionId: created.paymentSessionId,
    });
    const payments = await gateway.fetchPayments(created.orderId);
    expect(payments).toEqual([
      {
        cfPaymentId: expect.stringMatching(/^\d+$/),
        orderId: created.orderId,
        status: 'FAILED',
        amount: 101_010,
        group: 'credit_card',
        message: expect.any(String),
        time: '2025-01-15T10:00:00+05:30',
        bankReference: expect.any(String),
        errorCode: 'TRANSACTION_DECLINED',
      },
      expect.objectContaining({ status: 'SUCCESS', errorCode: null, group: 'credit_card' }),
    ]);
    expect(payments[0]!.cfPaymentId).not.toBe(payments[1]!.cfPaymentId);
  });

  it('maps refusals to GatewayError with the status, code and message, never the secret', async () => {
    const missing = await rejection(gateway.fetchOrder('no_such_order'));
    expect(missing).toMatchObject({ status: 404, code: 'order_not_found' });
    expect(missing.message).toMatch(/order not found/);

    const wrong = createCashfreeGateway(
      { ...server.config, cashfree: { ...server.config.cashfree, clientSecret: 'wrong-secret' } },
      { basePath: `${base}/sandbox/cashfree/pg` },
    );
    const denied = await rejection(wrong.fetchOrder('x_1'));
    expect(denied).toMatchObject({ status: 401, code: 'request_failed' });

    const invalid = await rejection(
      gateway.createOrder(input({ customer: { id: 'x', phone: '1' } })),
    );
    expect(invalid).toMatchObject({ status: 400, code: 'customer_details.customer_id_invalid' });

    const secret = server.config.cashfree.clientSecret;
    for (const error of [missing, denied, invalid]) {
      expect(
        JSON.stringify({ ...error, message: error.message, stack: error.stack }),
      ).not.toContain(secret);
      expect(error.cause).toBeUndefined();
    }
    expect(server.logs.lines.join('\n')).not.toContain(secret);
  });

  it('maps a 5xx to GatewayError and works again on the next call', async () => {
    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { failNextWith5xx: 1 },
    });
    const order = input();
    expect(await rejection(gateway.createOrder(order))).toMatchObject({
      status: 500,
      code: 'internal_error',
    });
    expect((await gateway.createOrder(order)).status).toBe('ACTIVE');
  });

  it('tries a read again after a 5xx or a 429, at most twice; never a write', async () => {
    const patient = createCashfreeGateway(server.config, {
      basePath: `${base}/sandbox/cashfree/pg`,
      retryDelaysMs: [10, 10],
    });
    const created = await patient.createOrder(input());
    const faults = (payload: object) =>
      server.inject({ method: 'POST', url: '/sandbox/cashfree/faults', payload });

    await faults({ failNextWith5xx: 1 });
    expect((await patient.fetchOrder(created.orderId)).status).toBe('ACTIVE');
    await faults({ failNextWith429: 2 });
    expect(await patient.fetchPayments(created.orderId)).toEqual([]);
    // Three answers of 500 in a row: the third is the caller's.
    await faults({ failNextWith5xx: 3 });
    expect(await rejection(patient.fetchOrder(created.orderId))).toMatchObject({ status: 500 });
    // A write is sent once: its 500 is the answer.
    await faults({ failNextWith5xx: 1 });
    expect(await rejection(patient.createOrder(input()))).toMatchObject({ status: 500 });
  });

  it('gives up on a gateway that does not answer in time', async () => {
    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { slowMs: 1_500 },
    });
    const impatient = createCashfreeGateway(server.config, {
      basePath: `${base}/sandbox/cashfree/pg`,
      timeoutMs: 200,
    });
    // Only our timeout says 'timeout': waited out, the sandbox would answer (a 404 for slow_1).
    expect(await rejection(impatient.fetchOrder('slow_1'))).toMatchObject({
      status: null,
      code: 'timeout',
    });
  });

  it('reports a gateway that cannot be reached', async () => {
    const stub = await startStub('{}');
    await stub.close();
    const nowhere = createCashfreeGateway(server.config, { basePath: `${stub.url}/pg` });
    expect(await rejection(nowhere.fetchOrder('x_1'))).toMatchObject({
      status: null,
      code: 'network_error',
    });
  });

  it('refuses an answer that is not an order', async () => {
    const stub = await startStub('{"order_id": 5, "order_amount": 1.234}');
    try {
      const odd = createCashfreeGateway(server.config, { basePath: `${stub.url}/pg` });
      expect(await rejection(odd.fetchOrder('x_1'))).toMatchObject({
        status: 200,
        code: 'invalid_response',
      });
    } finally {
      await stub.close();
    }
  });

  it('reaches our own sandbox in-process when given the loopback, before listening', async () => {
    // The default basePath is the sandbox's origin (port 3100 here), where nothing listens.
    const local = createCashfreeGateway(server.config, {
      loopback: server.sandbox.transport,
      timeoutMs: 300,
    });
    const created = await local.createOrder(input({ paymentMethod: 'upi' }));
    expect((await local.fetchOrder(created.orderId)).status).toBe('ACTIVE');
    expect(await rejection(local.fetchOrder('nope_1'))).toMatchObject({ status: 404 });

    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { slowMs: 1_000 },
    });
    expect(await rejection(local.fetchOrder(created.orderId))).toMatchObject({ code: 'timeout' });
  });

  describe('verifyPaymentWebhook', () => {
    const now = new Date('2025-01-15T04:30:00.000Z');
    const body =
      '{"data":{"order":{"order_id":"ord_1","order_amount":170.00,"order_currency":"INR","order_tags":null},' +
      '"payment":{"cf_payment_id":"5114910000001","payment_status":"SUCCESS","payment_amount":170.00,' +
      '"payment_currency":"INR","payment_message":"ok","payment_time":"2025-01-15T10:00:00+05:30",' +
      '"bank_reference":"123456789012","auth_id":null,"payment_method":{"upi":{"channel":"collect","upi_id":"a@upi"}},' +
      '"payment_group":"upi"},"customer_details":{"customer_id":"student_1","customer_phone":"9876543212"}},' +
      '"event_time":"2025-01-15T10:00:01+05:30","type":"PAYMENT_SUCCESS_WEBHOOK"}';
    let secret = '';
    let verifier: PaymentGateway;
    beforeAll(() => {
      secret = server.config.cashfree.clientSecret;
      verifier = createCashfreeGateway(server.config);
    });
    const signed = (rawBody: string, at = now.getTime(), key = secret) => ({
      rawBody,
      timestamp: String(at),
      signature: signWebhook(key, String(at), rawBody),
      now,
    });

    it('accepts a correctly signed, fresh webhook and reads it in paise', () => {
      expect(verifier.verifyPaymentWebhook(signed(body))).toEqual({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: 'ord_1',
        eventTime: '2025-01-15T10:00:01+05:30',
        payment: {
          cfPaymentId: '5114910000001',
          orderId: 'ord_1',
          status: 'SUCCESS',
          amount: 17_000,
          group: 'upi',
          message: 'ok',
          time: '2025-01-15T10:00:00+05:30',
          bankReference: '123456789012',
          errorCode: null,
        },
      });
      const asBuffer = signed(body);
      expect(
        verifier.verifyPaymentWebhook({ ...asBuffer, rawBody: Buffer.from(body, 'utf8') }),
      ).not.toBeNull();
      expect(
        verifier.verifyPaymentWebhook(signed(body, now.getTime() - 4 * 60_000)),
      ).not.toBeNull();
    });

    it('refuses a tampered body or signature', () => {
      const good = signed(body);
      // Re-serialised JSON (170.00 -> 170) is a different body.
      const reserialised = JSON.stringify(JSON.parse(body));
      expect(verifier.verifyPaymentWebhook({ ...good, rawBody: reserialised })).toBeNull();
      expect(
        verifier.verifyPaymentWebhook({ ...good, rawBody: body.replace('170.00', '1.00') }),
      ).toBeNull();
      const flipped = (good.signature[0] === 'A' ? 'B' : 'A') + good.signature.slice(1);
      expect(verifier.verifyPaymentWebhook({ ...good, signature: flipped })).toBeNull();
      expect(verifier.verifyPaymentWebhook({ ...good, signature: 'short' })).toBeNull();
      expect(verifier.verifyPaymentWebhook({ ...good, signature: undefined })).toBeNull();
      expect(
        verifier.verifyPaymentWebhook(signed(body, now.getTime(), 'another-secret')),
      ).toBeNull();
    });

    it('refuses a timestamp more than 5 minutes away, or none', () => {
      expect(verifier.verifyPaymentWebhook(signed(body, now.getTime() - 6 * 60_000))).toBeNull();
      expect(verifier.verifyPaymentWebhook(signed(body, now.getTime() + 6 * 60_000))).toBeNull();
      const good = signed(body);
      expect(verifier.verifyPaymentWebhook({ ...good, timestamp: undefined })).toBeNull();
      // The signature covers the timestamp: changing it breaks the signature.
      expect(
        verifier.verifyPaymentWebhook({ ...good, timestamp: String(now.getTime() + 1) }),
      ).toBeNull();
      const seconds = String(Math.floor(now.getTime() / 1000));
      expect(
        verifier.verifyPaymentWebhook({
          rawBody: body,
          timestamp: seconds,
          signature: signWebhook(secret, seconds, body),
          now,
        }),
      ).toBeNull();
    });

    it('refuses a signed body that is not a payment webhook', () => {
      expect(verifier.verifyPaymentWebhook(signed('not json'))).toBeNull();
      expect(
        verifier.verifyPaymentWebhook(
          signed(body.replace('PAYMENT_SUCCESS_WEBHOOK', 'REFUND_WEBHOOK')),
        ),
      ).toBeNull();
      expect(
        verifier.verifyPaymentWebhook(
          signed(body.replace('"payment_amount":170.00', '"payment_amount":1.234')),
        ),
      ).toBeNull();
      expect(
        verifier.verifyPaymentWebhook(signed('{"type":"PAYMENT_SUCCESS_WEBHOOK"}')),
      ).toBeNull();
    });
  });
});
