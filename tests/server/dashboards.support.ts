// Helpers for the dashboards' server tests (payments lists, receipts, refunds): paid orders made
// the way a student makes them (createOrder, then the gateway's signed SUCCESS webhook), on the
// FakeGateway app of payments.support.ts.
import { expect } from 'vitest';
import { computeBreakup } from '../../src/domain/fees';
import { toIstIsoString } from '../../src/domain/time';
import {
  ORDER_URL,
  orderBody,
  payment,
  webhookBody,
  type Actor,
  type usePaymentsServer,
} from './payments.support';

type PaymentsServer = ReturnType<typeof usePaymentsServer>;

export const RECEIVED_URL = '/api/v1/payments/received/';
export const EXPORT_URL = '/api/v1/payments/received/export/';
export const MADE_URL = '/api/v1/payments/made/';
export const REFUNDS_URL = '/api/v1/payments/refunds/';
export const receiptUrl = (orderId: string) => `${ORDER_URL}${orderId}/receipt/`;
export const receiptPdfUrl = (orderId: string) => `${ORDER_URL}${orderId}/receipt.pdf`;
export const approveUrl = (refundId: string) => `${REFUNDS_URL}${refundId}/approve/`;
export const declineUrl = (refundId: string) => `${REFUNDS_URL}${refundId}/decline/`;

let paymentSeq = 0;

/** An order `student` creates for `tutor`, not paid (no attempt yet). */
export async function createOrder(
  t: PaymentsServer,
  student: Actor,
  tutor: Actor,
  rupees: number,
  method: 'cc' | 'upi' = 'cc',
): Promise<string> {
  const res = await t.api('POST', ORDER_URL, {
    token: student.token,
    body: orderBody(student.id, tutor.id, rupees, { payment_method: method }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A new order with one attempt of `status` now (on the test clock), reported by webhook. */
async function attempt(
  t: PaymentsServer,
  order: { student: Actor; tutor: Actor; rupees: number; method: 'cc' | 'upi' },
  status: 'SUCCESS' | 'FAILED',
): Promise<string> {
  const id = await createOrder(t, order.student, order.tutor, order.rupees, order.method);
  const { total } = computeBreakup({
    amount: order.rupees * 100,
    method: order.method,
    baseRate: 1,
  });
  paymentSeq += 1;
  const reported = {
    ...payment(id, total, status, String(5_114_920_000_000 + paymentSeq)),
    group: order.method === 'upi' ? 'upi' : 'credit_card',
    time: toIstIsoString(t.server.clock.now()),
  };
  t.fake.pay(id, reported);
  const res = await t.postWebhook(webhookBody(reported));
  expect(res.json()).toEqual({ result: 'stored' });
  return id;
}

/**
 * An order paid now by card or UPI: the gateway reports a SUCCESS of its total in a signed
 * webhook, as Cashfree would. Returns the order id.
 */
export const payOrder = (
  t: PaymentsServer,
  student: Actor,
  tutor: Actor,
  rupees: number,
  method: 'cc' | 'upi' = 'cc',
) => attempt(t, { student, tutor, rupees, method }, 'SUCCESS');

/** A new order whose card payment the bank declined (the student tried). */
export const failOrder = (t: PaymentsServer, student: Actor, tutor: Actor, rupees: number) =>
  attempt(t, { student, tutor, rupees, method: 'cc' }, 'FAILED');

/** The student's refund request for `orderId`; returns the refund's id. */
export async function requestRefund(
  t: PaymentsServer,
  student: Actor,
  orderId: string,
  reason = 'The class was cancelled.',
): Promise<string> {
  const res = await t.api('POST', REFUNDS_URL, {
    token: student.token,
    body: { order_id: orderId, reason },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;

/** Moves the test clock forward to `iso` (a TestClock only goes forward). */
export function moveClockTo(t: PaymentsServer, iso: string): void {
  const ms = Date.parse(iso) - t.server.clock.now().getTime();
  if (ms < 0) throw new Error(`moveClockTo: ${iso} is in the past`);
  t.server.clock.advance(ms);
}
