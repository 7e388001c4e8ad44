// The gateway's payment webhook: signed raw body, 5-minute window, duplicates, out-of-order
// delivery, payment attempts and payment links paid once (D7, D19).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { orders, paymentAttempts, paymentLinks, webhookReceipts } from '../../src/server/db/schema';
import { signWebhook } from '../../src/server/gateway/signature';
import { testDatabases } from '../support/server';
import {
  ORDER_URL,
  WEBHOOK_URL,
  orderBody,
  payment,
  usePaymentsServer,
  webhookBody,
} from './payments.support';

describe.each(testDatabases())('payment webhooks on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server, postWebhook } = t;

  const newOrder = async (rupees = 2000, extra: Record<string, unknown> = {}) => {
    const actors = await t.demo();
    const res = await api('POST', ORDER_URL, {
      token: actors.priya.token,
      body: orderBody(actors.priya.id, actors.asha.id, rupees, extra),
    });
    expect(res.statusCode).toBe(201);
    return { ...actors, id: res.json<{ id: string }>().id };
  };
  const statusOf = async (id: string) =>
    (await server.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;

  it('marks the order PAID on a signed SUCCESS and records the attempt', async () => {
    const { id, priya } = await newOrder();
    const res = await postWebhook(webhookBody(payment(id, 202_388, 'SUCCESS')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'stored' });
    expect(await statusOf(id)).toBe('PAID');
    expect(await server.db.select().from(paymentAttempts)).toEqual([
      expect.objectContaining({
        cfPaymentId: '5114910000001',
        orderId: id,
        status: 'SUCCESS',
        amount: 202_388,
        paymentGroup: 'credit_card',
        bankReference: '123456789012',
        paymentTime: new Date('2025-01-15T04:35:00.000Z'),
      }),
    ]);
    const order = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(order.json()).toMatchObject({
      order: { status: 'PAID' },
      latest_payment_status: 'SUCCESS',
    });
    // The order is final: GET does not ask the gateway.
    expect(t.fake.calls.fetchOrder).toBe(0);
  });

  it('ignores a duplicate delivery of the same event', async () => {
    const { id } = await newOrder();
    const body = webhookBody(payment(id, 202_388, 'SUCCESS'));
    expect((await postWebhook(body)).json()).toEqual({ result: 'stored' });
    server.clock.advance(2 * 60_000);
    const again = await postWebhook(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ result: 'duplicate' });
    expect(await server.db.select().from(paymentAttempts)).toHaveLength(1);
    expect(await server.db.select().from(webhookReceipts)).toHaveLength(1);
  });

  it('refuses a bad signature, a missing one and an old timestamp (401); nothing changes', async () => {
    const { id } = await newOrder();
    const body = webhookBody(payment(id, 202_388, 'SUCCESS'));
    const forged = await postWebhook(body, undefined, 'not-the-client-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ message: apiMessages.webhooks.invalidSignature });

    const now = server.clock.now().getTime();
    expect((await postWebhook(body, now - 6 * 60_000)).statusCode).toBe(401);
    expect((await postWebhook(body, now + 6 * 60_000)).statusCode).toBe(401);
    expect((await postWebhook(body, now - 4 * 60_000)).statusCode).toBe(200);

    await server.db.update(orders).set({ status: 'ACTIVE' });
    const unsigned = await t.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    // A body that differs from the signed bytes in whitespace only is still refused.
    const tampered = body.replace('"payment_status":"SUCCESS"', '"payment_status": "SUCCESS"');
    const at = String(now);
    const reSigned = await t.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': at,
        'x-webhook-signature': signWebhook(server.config.cashfree.clientSecret, at, body),
      },
      payload: tampered,
    });
    expect(reSigned.statusCode).toBe(401);
    expect(await statusOf(id)).toBe('ACTIVE');
  });

  it('checks the raw bytes: a signed 170.00 is accepted as sent', async () => {
    const { id } = await newOrder(170, { payment_method: 'upi' });
    const body = webhookBody(payment(id, 17_000, 'SUCCESS'));
    expect(body).toContain('"payment_amount":170.00');
    const res = await postWebhook(body);
    expect(res.json()).toEqual({ result: 'stored' });
    expect(await statusOf(id)).toBe('PAID');
  });

  it('refuses a body that is not JSON (400)', async () => {
    const res = await postWebhook('{"type": ');
    expect(res.statusCode).toBe(400);
  });

  it('moves statuses forward only: FAILED after PAID changes nothing', async () => {
    const { id, priya } = await newOrder();
    await postWebhook(webhookBody(payment(id, 202_388, 'SUCCESS', '10')));
    const late = await postWebhook(webhookBody(payment(id, 202_388, 'FAILED', '10')));
    expect(late.json()).toEqual({ result: 'stored' });
    expect(await statusOf(id)).toBe('PAID');
    const [attempt] = await server.db.select().from(paymentAttempts);
    expect(attempt?.status).toBe('SUCCESS');
    // Another attempt that failed is recorded, but the order and what it shows stay paid.
    await postWebhook(webhookBody(payment(id, 202_388, 'FAILED', '11')));
    expect(await server.db.select().from(paymentAttempts)).toHaveLength(2);
    const shown = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(shown.json()).toMatchObject({
      order: { status: 'PAID' },
      latest_payment_id: '10',
      latest_payment_status: 'SUCCESS',
    });
  });

  it('takes a late SUCCESS after a FAILED of the same payment and marks the order PAID', async () => {
    const { id } = await newOrder();
    await postWebhook(webhookBody(payment(id, 202_388, 'FAILED', '20')));
    expect(await statusOf(id)).toBe('ACTIVE');
    const late = await postWebhook(webhookBody(payment(id, 202_388, 'SUCCESS', '20')));
    expect(late.json()).toEqual({ result: 'stored' });
    expect(await statusOf(id)).toBe('PAID');
    expect(await server.db.select().from(paymentAttempts)).toEqual([
      expect.objectContaining({ cfPaymentId: '20', status: 'SUCCESS' }),
    ]);
  });

  it('records a user-dropped attempt without changing the order', async () => {
    const { id, priya } = await newOrder();
    await postWebhook(webhookBody(payment(id, 202_388, 'USER_DROPPED', '30')));
    expect(await statusOf(id)).toBe('ACTIVE');
    const shown = await api('GET', `${ORDER_URL}${id}/`, { token: priya.token });
    expect(shown.json()).toMatchObject({ latest_payment_status: 'USER_DROPPED' });
  });

  it('never marks PAID on a SUCCESS for another amount', async () => {
    const { id } = await newOrder();
    const res = await postWebhook(webhookBody(payment(id, 100, 'SUCCESS', '40')));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('ACTIVE');
    expect(server.logs.entries().some((e) => String(e.msg).includes('another amount'))).toBe(true);
  });

  it('acknowledges an event for an order it does not know', async () => {
    const res = await postWebhook(webhookBody(payment('ord_not_ours_1', 1000, 'SUCCESS')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'ignored' });
  });

  it('marks a payment link PAID once; a second order on it is a 409 (D19)', async () => {
    const { asha, priya } = await t.demo();
    const link = await api('POST', '/api/v1/payments/payment-link/create/', {
      token: asha.token,
      body: { amount: 3000, purpose: 'January maths tuition' },
    });
    expect(link.statusCode).toBe(201);
    const linkId = link.json<{ id: string }>().id;
    const body = orderBody(priya.id, asha.id, 3000, { payment_link_id: linkId });
    const created = await api('POST', ORDER_URL, { token: priya.token, body });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    await postWebhook(webhookBody(payment(id, 303_582, 'SUCCESS')));
    const [row] = await server.db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
    expect(row).toMatchObject({ status: 'PAID', orderId: id });

    const details = await api('GET', `/api/v1/payments/payment-link/${linkId}/`);
    expect(details.json()).toMatchObject({ status: 'PAID' });
    const list = await api('GET', '/api/v1/payments/payment-link/', { token: asha.token });
    expect(list.json<{ results: unknown[] }>().results).toContainEqual(
      expect.objectContaining({ id: linkId, status: 'PAID', order_id: id }),
    );

    server.clock.advance(3 * 60_000);
    const second = await api('POST', ORDER_URL, { token: priya.token, body });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'Order refused: This payment link has already been paid.',
    });
  });
});
