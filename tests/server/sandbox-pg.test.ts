// The Cashfree sandbox's PG API, driven by the official SDK over real HTTP (proving the
// imitation is faithful enough that the SDK works unchanged) and by plain requests for the
// error shapes the contract gives.
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Cashfree, CFEnvironment, type CreateOrderRequest } from 'cashfree-pg';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, useTestServer, type TestServer } from '../support/server';

const PG = '/sandbox/cashfree/pg';

function newOrderId(): string {
  return `ord_${randomBytes(6).toString('hex')}`;
}

function orderBody(overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return {
    order_id: newOrderId(),
    order_amount: 1010.1,
    order_currency: 'INR',
    customer_details: { customer_id: 'student_1', customer_phone: '9876543212' },
    order_meta: {
      return_url: 'http://127.0.0.1:3000/pay/status/{order_id}',
      notify_url: 'http://127.0.0.1:9/hook',
      payment_methods: 'upi',
    },
    ...overrides,
  };
}

function sdkFor(server: TestServer, base: string, secret?: string): Cashfree {
  const { clientId, clientSecret } = server.config.cashfree;
  const cashfree = new Cashfree(
    CFEnvironment.SANDBOX,
    clientId,
    secret ?? clientSecret,
    undefined,
    undefined,
    undefined,
    false,
  );
  cashfree.basePath = `${base}${PG}`;
  return cashfree;
}

/** What an axios rejection carries, for the SDK's refusals. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const response = (error as { response?: { status: number; data: unknown } }).response;
    if (response) return response;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe.each(testDatabases())('Cashfree sandbox PG API on $name', (database) => {
  const server = useTestServer(database);
  let base = '';
  let sdk: Cashfree;

  const headers = () => ({
    'x-client-id': server.config.cashfree.clientId,
    'x-client-secret': server.config.cashfree.clientSecret,
    'x-api-version': '2025-01-01',
  });
  const pg = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, extra = {}) =>
    server.inject({
      method,
      url: `${PG}${url}`,
      headers: { ...headers(), ...extra },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    await server.sandbox.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.sandbox.app.server.address() as AddressInfo).port}`;
    sdk = sdkFor(server, base);
  });
  beforeEach(async () => {
    await server.inject({ method: 'DELETE', url: '/sandbox/cashfree/faults' });
  });

  it('creates an order through the SDK with an idempotency key, and replays it', async () => {
    const body = orderBody();
    const key = `key_${randomBytes(6).toString('hex')}`;
    const created = await sdk.PGCreateOrder(body, undefined, key);
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      order_id: body.order_id,
      entity: 'order',
      order_currency: 'INR',
      order_amount: 1010.1,
      order_status: 'ACTIVE',
      customer_details: { customer_id: 'student_1', customer_phone: '9876543212' },
      order_meta: {
        return_url: body.order_meta!.return_url,
        notify_url: body.order_meta!.notify_url,
        payment_methods: 'upi',
      },
    });
    expect(created.data.payment_session_id).toMatch(/^session_/);
    expect(created.data.cf_order_id).toMatch(/^\d+$/);
    expect(created.data.order_expiry_time).toBe('2025-02-14T10:00:00+05:30');
    expect(created.headers['x-idempotency-replayed']).toBeUndefined();
    expect(created.headers['x-ratelimit-limit']).toBeDefined();

    const replay = await sdk.PGCreateOrder({ ...body }, undefined, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['x-idempotency-replayed']).toBe('true');
    expect(replay.data).toEqual(created.data);

    const changed = await refusal(
      sdk.PGCreateOrder({ ...body, order_amount: 2000 }, undefined, key),
    );
    expect(changed.status).toBe(422);
    expect(changed.data).toMatchObject({ type: 'idempotency_error', code: 'idempotency_error' });

    // The same order id without the key is a second order: refused.
    const again = await refusal(sdk.PGCreateOrder(body));
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      message: expect.any(String),
      code: 'order_already_exists',
      type: 'invalid_request_error',
    });
  });

  it('generates an order id when none is given', async () => {
    const { order_id: _omitted, ...body } = orderBody();
    const created = await sdk.PGCreateOrder(body);
    expect(created.data.order_id).toMatch(/^order_\d+$/);
  });

  it('fetches the order and its payments after a checkout outcome', async () => {
    const body = orderBody({
      order_meta: { return_url: 'http://127.0.0.1:3000/s/{order_id}', payment_methods: 'upi' },
    });
    const created = (await sdk.PGCreateOrder(body)).data;
    expect((await sdk.PGOrderFetchPayments(body.order_id!)).data).toEqual([]);

    const paid = await server.inject({
      method: 'POST',
      url: `/sandbox/cashfree/checkout/${created.payment_session_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=upi&upi_id=success%40upi&outcome=success',
    });
    expect(paid.statusCode).toBe(303);

    const order = (await sdk.PGFetchOrder(body.order_id!)).data;
    expect(order).toMatchObject({ order_id: body.order_id, order_status: 'PAID' });
    const payments = (await sdk.PGOrderFetchPayments(body.order_id!)).data;
    expect(payments).toEqual([
      expect.objectContaining({
        cf_payment_id: expect.stringMatching(/^\d+$/),
        order_id: body.order_id,
        entity: 'payment',
        payment_status: 'SUCCESS',
        payment_amount: 1010.1,
        payment_currency: 'INR',
        payment_group: 'upi',
        payment_method: { upi: { channel: 'collect', upi_id: 'success@upi' } },
        payment_message: expect.any(String),
        payment_time: '2025-01-15T10:00:00+05:30',
        payment_completion_time: '2025-01-15T10:00:00+05:30',
        bank_reference: expect.stringMatching(/^\d{12}$/),
      }),
    ]);
    expect(payments[0]!.error_details).toBeUndefined();
  });

  it('reports error_details on a failed payment', async () => {
    const body = orderBody({ order_meta: { payment_methods: 'cc' } });
    const created = (await sdk.PGCreateOrder(body)).data;
    await server.inject({
      method: 'POST',
      url: `/sandbox/cashfree/checkout/${created.payment_session_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=card&card_number=4111+1111+1111+1111&outcome=failure',
    });
    const [payment] = (await sdk.PGOrderFetchPayments(body.order_id!)).data;
    expect(payment).toMatchObject({
      payment_status: 'FAILED',
      payment_group: 'credit_card',
      payment_method: { card: expect.objectContaining({ card_number: 'XXXXXXXXXXXX1111' }) },
      error_details: {
        error_code: 'TRANSACTION_DECLINED',
        error_description: expect.any(String),
        error_reason: expect.any(String),
        error_source: expect.any(String),
      },
    });
    expect((await sdk.PGFetchOrder(body.order_id!)).data.order_status).toBe('ACTIVE');
  });

  it('terminates an active order and refuses to terminate a paid one', async () => {
    const body = orderBody();
    await sdk.PGCreateOrder(body);
    const terminated = await sdk.PGTerminateOrder(body.order_id!, { order_status: 'TERMINATED' });
    expect(terminated.data.order_status).toBe('TERMINATED');
    expect((await sdk.PGFetchOrder(body.order_id!)).data.order_status).toBe('TERMINATED');

    const paidBody = orderBody();
    const created = (await sdk.PGCreateOrder(paidBody)).data;
    await server.inject({
      method: 'POST',
      url: `/sandbox/cashfree/checkout/${created.payment_session_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=upi&upi_id=a%40upi&outcome=success',
    });
    const refused = await refusal(
      sdk.PGTerminateOrder(paidBody.order_id!, { order_status: 'TERMINATED' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ type: 'invalid_request_error' });
  });

  it('simulates a pending payment to success and reads the simulation back', async () => {
    const body = orderBody();
    const created = (await sdk.PGCreateOrder(body)).data;
    await server.inject({
      method: 'POST',
      url: `/sandbox/cashfree/checkout/${created.payment_session_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=upi&upi_id=later%40upi&outcome=pending',
    });
    const [pending] = (await sdk.PGOrderFetchPayments(body.order_id!)).data;
    expect(pending).toMatchObject({ payment_status: 'PENDING', bank_reference: null });
    expect((await sdk.PGFetchOrder(body.order_id!)).data.order_status).toBe('ACTIVE');

    const simulated = await sdk.PGSimulatePayment({
      entity: 'PAYMENTS',
      entity_id: pending!.cf_payment_id!,
      entity_simulation: { payment_status: 'SUCCESS' },
    });
    expect(simulated.data).toEqual({
      simulation_id: expect.stringMatching(/^\d+$/),
      entity: 'PAYMENTS',
      entity_id: pending!.cf_payment_id,
      entity_simulation: { payment_status: 'SUCCESS' },
    });
    const read = await sdk.PGFetchSimulation(simulated.data.simulation_id!);
    expect(read.data).toEqual(simulated.data);
    expect((await sdk.PGFetchOrder(body.order_id!)).data.order_status).toBe('PAID');
    const [done] = (await sdk.PGOrderFetchPayments(body.order_id!)).data;
    expect(done).toMatchObject({ payment_status: 'SUCCESS', bank_reference: expect.any(String) });

    // Only SUCCESS is final.
    const refused = await refusal(
      sdk.PGSimulatePayment({
        entity: 'PAYMENTS',
        entity_id: pending!.cf_payment_id!,
        entity_simulation: { payment_status: 'FAILED', payment_error_code: 'X' },
      }),
    );
    expect(refused.status).toBe(400);
    expect((await refusal(sdk.PGFetchSimulation('404'))).status).toBe(404);
  });

  it('simulates a failure with its error code', async () => {
    const body = orderBody();
    const created = (await sdk.PGCreateOrder(body)).data;
    await server.inject({
      method: 'POST',
      url: `/sandbox/cashfree/checkout/${created.payment_session_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=upi&upi_id=later%40upi&outcome=pending',
    });
    const [pending] = (await sdk.PGOrderFetchPayments(body.order_id!)).data;
    await sdk.PGSimulatePayment({
      entity: 'PAYMENTS',
      entity_id: pending!.cf_payment_id!,
      entity_simulation: { payment_status: 'FAILED', payment_error_code: 'INSUFFICIENT_FUNDS' },
    });
    const [failed] = (await sdk.PGOrderFetchPayments(body.order_id!)).data;
    expect(failed).toMatchObject({
      payment_status: 'FAILED',
      error_details: expect.objectContaining({ error_code: 'INSUFFICIENT_FUNDS' }),
    });
  });

  it('refuses wrong or missing credentials with 401 authentication_error', async () => {
    const wrong = await refusal(sdkFor(server, base, 'not-the-secret').PGFetchOrder('abc'));
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({
      message: expect.any(String),
      code: expect.any(String),
      type: 'authentication_error',
    });
    const none = await server.inject({ method: 'GET', url: `${PG}/orders/abc` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ type: 'authentication_error' });
  });

  it('needs an x-api-version', async () => {
    const res = await pg('GET', '/orders/abc', undefined, { 'x-api-version': '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'invalid_request_error' });
  });

  it('refuses invalid order bodies with 400 {message, code, type}', async () => {
    const cases: [string, unknown][] = [
      ['order_amount', orderBody({ order_amount: 0.5 })],
      ['order_amount', orderBody({ order_amount: 10.123 })],
      ['order_currency', orderBody({ order_currency: 'USD' })],
      ['order_id', orderBody({ order_id: 'ab' })],
      ['order_id', orderBody({ order_id: 'has space' })],
      ['order_id', orderBody({ order_id: 'x'.repeat(46) })],
      [
        'customer_details.customer_phone',
        orderBody({ customer_details: { customer_id: 'student_1', customer_phone: '12345' } }),
      ],
      [
        'customer_details.customer_id',
        orderBody({ customer_details: { customer_id: 'ab', customer_phone: '9876543212' } }),
      ],
      ['order_meta.payment_methods', orderBody({ order_meta: { payment_methods: 'upi,cash' } })],
      ['order_meta.return_url', orderBody({ order_meta: { return_url: 'javascript:alert(1)' } })],
      ['order_expiry_time', orderBody({ order_expiry_time: '2020-01-01T00:00:00Z' })],
    ];
    for (const [field, body] of cases) {
      const res = await pg('POST', '/orders', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({
        message: expect.stringContaining(field),
        code: `${field}_invalid`,
        type: 'invalid_request_error',
      });
    }
    const { customer_details: _missing, ...noCustomer } = orderBody();
    const missing = await pg('POST', '/orders', noCustomer);
    expect(missing.json()).toMatchObject({ code: 'customer_details_missing' });
    const notJson = await server.inject({
      method: 'POST',
      url: `${PG}/orders`,
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ type: 'invalid_request_error' });
  });

  it('answers 404 for unknown orders and paths in the same shape', async () => {
    const order = await pg('GET', '/orders/nope_404');
    expect(order.statusCode).toBe(404);
    expect(order.json()).toMatchObject({
      message: expect.any(String),
      code: 'order_not_found',
      type: 'invalid_request_error',
    });
    const payments = await pg('GET', '/orders/nope_404/payments');
    expect(payments.statusCode).toBe(404);
    const path = await pg('GET', '/links/abc');
    expect(path.statusCode).toBe(404);
    expect(path.json()).toMatchObject({ type: 'invalid_request_error' });
  });

  it('fails the next call with 5xx once, then answers again', async () => {
    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { failNextWith5xx: true },
    });
    const body = orderBody();
    const failed = await refusal(sdk.PGCreateOrder(body));
    expect(failed.status).toBe(500);
    expect(failed.data).toMatchObject({ type: 'api_error' });
    // Nothing was created by the failed call.
    const created = await sdk.PGCreateOrder(body);
    expect(created.status).toBe(200);
  });

  it('answers 429 rate_limit_error when told to', async () => {
    await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { failNextWith429: 1 },
    });
    const limited = await pg('GET', '/orders/any');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ type: 'rate_limit_error' });
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('reads and resets the fault switches, and refuses unknown ones', async () => {
    const set = await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { slowMs: 5, dropWebhooks: true },
    });
    expect(set.json()).toMatchObject({ slowMs: 5, dropWebhooks: true, failNextWith5xx: 0 });
    const read = await server.inject({ method: 'GET', url: '/sandbox/cashfree/faults' });
    expect(read.json()).toEqual(set.json());
    const bad = await server.inject({
      method: 'POST',
      url: '/sandbox/cashfree/faults',
      payload: { slowMS: 5 },
    });
    expect(bad.statusCode).toBe(400);
    const reset = await server.inject({ method: 'DELETE', url: '/sandbox/cashfree/faults' });
    expect(reset.json()).toMatchObject({ slowMs: 0, dropWebhooks: false });
  });
});
