// Refunds through the real Cashfree adapter and the sandbox's refund API: the sandbox refuses
// what Cashfree would (an unpaid order, more than paid minus refunded), is idempotent on
// refund_id, and reports PENDING, then SUCCESS a moment later (on the app's clock). Then the
// whole journey over the API: a payment made on the hosted checkout shows with the same
// figures in both lists, the CSV and the receipt PDF; a refund approved by the tutor succeeds.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCashfreeGateway } from '../../src/server/gateway/cashfree';
import type { GatewayOrderInput, PaymentGateway } from '../../src/server/gateway/types';
import { SANDBOX_REFUND_PROCESSING_MS } from '../../sandbox/cashfree/pg';
import { seedDemoData } from '../../src/server/seed';
import { nextRefundCheck } from '../../src/server/services/refunds';
import { sweepAndRunJobs } from '../support/jobs';
import { DEMO_PHONES } from '../../src/server/demo';
import { rejection } from '../support/gateway';
import { pdfLines } from '../support/pdf';
import { login, testDatabases, useTestServer, type TestServer } from '../support/server';
import {
  EXPORT_URL,
  MADE_URL,
  RECEIVED_URL,
  REFUNDS_URL,
  approveUrl,
  receiptPdfUrl,
  receiptUrl,
} from './dashboards.support';
import { ORDER_URL, orderBody } from './payments.support';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Pays a sandbox order on its hosted checkout page, by card. */
async function payOnCheckout(server: TestServer, paymentSessionId: string) {
  const res = await server.inject({
    method: 'POST',
    url: `/sandbox/cashfree/checkout/${paymentSessionId}`,
    headers: FORM,
    payload: new URLSearchParams({
      method: 'card',
      card_number: '4111111111111111',
      outcome: 'success',
    }).toString(),
  });
  expect(res.statusCode).toBeLessThan(400);
}

describe.each(testDatabases())('refunds at the sandbox gateway on $name', (database) => {
  const server = useTestServer(database);
  const adapter = (): PaymentGateway =>
    createCashfreeGateway(server.config, { loopback: server.sandbox.transport });

  const paidOrder = async (gateway: PaymentGateway, amount = 101_010) => {
    const input: GatewayOrderInput = {
      orderId: `ord_${randomBytes(6).toString('hex')}`,
      amount,
      customer: { id: 'student_12', phone: '9876543212' },
      paymentMethod: 'cc',
      returnUrl: 'https://app.example/pay/redirect?order_id={order_id}',
      notifyUrl: 'http://127.0.0.1:9/webhook',
    };
    const order = await gateway.createOrder(input);
    await payOnCheckout(server, order.paymentSessionId);
    return order.orderId;
  };

  it('refunds a paid order: PENDING, then SUCCESS; the same refund_id is the same refund', async () => {
    const gateway = adapter();
    const orderId = await paidOrder(gateway);
    const refund = await gateway.createRefund({
      orderId,
      refundId: 'rfd_sandbox_1',
      amount: 101_010,
      note: 'Tuition fee refund',
    });
    expect(refund).toEqual({
      refundId: 'rfd_sandbox_1',
      cfRefundId: expect.stringMatching(/^\d+$/),
      orderId,
      amount: 101_010,
      status: 'PENDING',
      statusDescription: 'In Progress',
      createdAt: '2025-01-15T10:00:00+05:30',
      processedAt: null,
    });
    const again = await gateway.createRefund({
      orderId,
      refundId: 'rfd_sandbox_1',
      amount: 101_010,
    });
    expect(again.cfRefundId).toBe(refund.cfRefundId);
    expect(await gateway.fetchRefund(orderId, 'rfd_sandbox_1')).toMatchObject({
      status: 'PENDING',
    });
    server.clock.advance(SANDBOX_REFUND_PROCESSING_MS);
    expect(await gateway.fetchRefund(orderId, 'rfd_sandbox_1')).toMatchObject({
      status: 'SUCCESS',
      processedAt: '2025-01-15T10:00:03+05:30',
    });
  });

  it('refuses more than paid minus refunded, an unpaid order and a reused refund_id', async () => {
    const gateway = adapter();
    const orderId = await paidOrder(gateway);
    const tooMuch = await rejection(
      gateway.createRefund({ orderId, refundId: 'rfd_too_much', amount: 101_011 }),
    );
    expect([tooMuch.status, tooMuch.code]).toEqual([400, 'refund_amount_invalid']);
    await gateway.createRefund({ orderId, refundId: 'rfd_part_1', amount: 100_000 });
    const rest = await rejection(
      gateway.createRefund({ orderId, refundId: 'rfd_part_2', amount: 1_011 }),
    );
    expect([rest.status, rest.code]).toEqual([400, 'refund_amount_invalid']);
    expect(
      await gateway.createRefund({ orderId, refundId: 'rfd_part_2', amount: 1_010 }),
    ).toMatchObject({ amount: 1_010, status: 'PENDING' });
    const reused = await rejection(
      gateway.createRefund({ orderId, refundId: 'rfd_part_1', amount: 500 }),
    );
    expect([reused.status, reused.code]).toEqual([409, 'refund_already_exists']);

    const unpaid = await gateway.createOrder({
      orderId: `ord_${randomBytes(6).toString('hex')}`,
      amount: 10_000,
      customer: { id: 'student_12', phone: '9876543212' },
      paymentMethod: 'upi',
      returnUrl: 'https://app.example/pay/redirect?order_id={order_id}',
      notifyUrl: 'http://127.0.0.1:9/webhook',
    });
    const notPaid = await rejection(
      gateway.createRefund({ orderId: unpaid.orderId, refundId: 'rfd_unpaid', amount: 10_000 }),
    );
    expect([notPaid.status, notPaid.code]).toEqual([400, 'order_not_paid']);
    const unknown = await rejection(gateway.fetchRefund(orderId, 'rfd_unknown'));
    expect([unknown.status, unknown.code]).toEqual([404, 'refund_not_found']);
  });

  it('lists an order’s refunds, oldest first', async () => {
    const gateway = adapter();
    const orderId = await paidOrder(gateway);
    await gateway.createRefund({ orderId, refundId: 'rfd_a', amount: 1_000 });
    await gateway.createRefund({ orderId, refundId: 'rfd_b', amount: 2_000 });
    const res = await server.inject({
      method: 'GET',
      url: `/sandbox/cashfree/pg/orders/${orderId}/refunds`,
      headers: {
        'x-client-id': server.config.cashfree.clientId,
        'x-client-secret': server.config.cashfree.clientSecret,
        'x-api-version': '2025-01-01',
      },
    });
    expect(res.json<{ refund_id: string; refund_amount: number }[]>()).toEqual([
      expect.objectContaining({ refund_id: 'rfd_a', refund_amount: 10, entity: 'refund' }),
      expect.objectContaining({ refund_id: 'rfd_b', refund_amount: 20, entity: 'refund' }),
    ]);
  });

  it('a payment on the checkout shows the same on both dashboards, the CSV, the PDF; its refund succeeds', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const priya = await login(server, DEMO_PHONES.student, 'student');
    server.clock.advance(31_000);
    const asha = await login(server, DEMO_PHONES.onboardedTutor, 'teacher');
    const as = (token: string) => ({ token });

    const created = await server.api('POST', ORDER_URL, {
      ...as(priya.access_token),
      body: orderBody(priya.id, asha.id, 2000),
    });
    const order = created.json<{ id: string; payment_session_id: string }>();
    await payOnCheckout(server, order.payment_session_id);
    // The status page's read brings the order to PAID (the webhook may still be on its way).
    const status = await server.api('GET', `${ORDER_URL}${order.id}/`, as(priya.access_token));
    expect(status.json()).toMatchObject({ order: { status: 'PAID' } });

    const figures = { base_amount: 2000, fee: 20, charges: 3.88, total: 2023.88 };
    const received = await server.api('GET', RECEIVED_URL, as(asha.access_token));
    expect(received.json()).toMatchObject({ results: [{ order_id: order.id, ...figures }] });
    const made = await server.api('GET', MADE_URL, as(priya.access_token));
    expect(made.json()).toMatchObject({
      results: [{ order_id: order.id, ...figures, payment_group: 'credit_card' }],
    });
    const csv = await server.api(
      'GET',
      `${EXPORT_URL}?from=2025-01-15&to=2025-01-15`,
      as(asha.access_token),
    );
    expect(csv.body).toContain(`"${order.id}",`);
    expect(csv.body).toContain('"2000.00","20.00","3.88","2023.88","Card","PAID"');
    const receipt = await server.api('GET', receiptUrl(order.id), as(priya.access_token));
    expect(receipt.json()).toMatchObject({
      ...figures,
      method: 'card',
      bank_reference: expect.any(String),
    });
    const pdf = await server.api('GET', receiptPdfUrl(order.id), as(priya.access_token));
    expect(pdfLines(pdf.rawPayload)).toEqual(
      expect.arrayContaining(['Amount | ₹2,000.00', 'Total paid | ₹2,023.88']),
    );

    const asked = await server.api('POST', REFUNDS_URL, {
      ...as(priya.access_token),
      body: { order_id: order.id, reason: 'The class was cancelled.' },
    });
    const refundId = asked.json<{ id: string }>().id;
    const approved = await server.api('POST', approveUrl(refundId), as(asha.access_token));
    expect(approved.json()).toMatchObject({ status: 'PENDING', amount: 2023.88 });
    const second = await server.api('POST', approveUrl(refundId), as(asha.access_token));
    expect(second.statusCode).toBe(409);

    // The sandbox settles it; the refund job re-reads it at its first check (D111).
    const firstCheckMs = nextRefundCheck(new Date(0), new Date(0)).getTime();
    server.clock.advance(Math.max(SANDBOX_REFUND_PROCESSING_MS, firstCheckMs));
    await sweepAndRunJobs(server.app);
    for (const token of [priya.access_token, asha.access_token]) {
      const listed = await server.api('GET', REFUNDS_URL, as(token));
      expect(listed.json()).toMatchObject({ results: [{ id: refundId, status: 'SUCCESS' }] });
    }
    const after = await server.api('GET', MADE_URL, as(priya.access_token));
    expect(after.json()).toMatchObject({
      results: [{ order_id: order.id, refund: { status: 'SUCCESS', amount: 2023.88 } }],
    });
  });
});
