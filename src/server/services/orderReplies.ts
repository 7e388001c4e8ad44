// An order as the API answers it: OrderCreated for the checkout, OrderDetails for the status
// page and receipts (rupees in replies; paise everywhere else).
import { and, desc, eq } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { paiseToRupees } from '../../domain/money';
import type { PaymentStatus } from '../../domain/statuses';
import type { Database } from '../db/client';
import { bankAccounts, refunds, schedules, type OrderRow } from '../db/schema';
import { displayName, shownPhone, type UserRepository } from '../users';
import { summaryOf } from './refunds';
import { shownAttempts } from './shownAttempts';

export type OrderCreated = components['schemas']['OrderCreated'];
export type OrderDetails = components['schemas']['OrderDetails'];

/** The OrderCreated reply of an order whose gateway order exists. */
export function createdReply(order: OrderRow): OrderCreated {
  return {
    id: order.id,
    payment_session_id: order.paymentSessionId ?? '',
    order_status: order.status,
    amount: paiseToRupees(order.total),
    base_amount: paiseToRupees(order.baseAmount),
    fee: paiseToRupees(order.fee),
    charges: paiseToRupees(order.charges),
    payment_method: order.paymentMethod,
  };
}

/** OrderDetails: the order with its payee, bank account, latest attempt, session and refund. */
export async function detailsOf(
  db: Database,
  users: UserRepository,
  order: OrderRow,
): Promise<OrderDetails> {
  const payee = await users.findById(order.payeeId);
  const [account] = await db
    .select({ masked: bankAccounts.accountNumberMasked })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, order.payeeId), eq(bankAccounts.verified, true)))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id))
    .limit(1);
  const latest = (await shownAttempts(db, [order.id])).get(order.id);
  const [schedule] = await db
    .select({ starttime: schedules.starttime, endtime: schedules.endtime })
    .from(schedules)
    .where(eq(schedules.orderId, order.id))
    .limit(1);
  const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id)).limit(1);
  return {
    id: order.id,
    order: { status: order.status, amount: paiseToRupees(order.total) },
    base_amount: paiseToRupees(order.baseAmount),
    fee: paiseToRupees(order.fee),
    charges: paiseToRupees(order.charges),
    payment_method: order.paymentMethod,
    payee_name: payee ? displayName(payee) : '',
    payee_phone: payee ? shownPhone(payee) : null,
    masked_account_number: account?.masked ?? null,
    latest_payment_id: latest?.cfPaymentId ?? null,
    latest_payment_status: (latest?.status as PaymentStatus | undefined) ?? null,
    payment_time: latest?.paymentTime?.toISOString() ?? null,
    created_at: order.createdAt.toISOString(),
    schedule: schedule
      ? { starttime: schedule.starttime.toISOString(), endtime: schedule.endtime.toISOString() }
      : null,
    refund: refund ? summaryOf(refund) : null,
  };
}
