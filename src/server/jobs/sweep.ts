// The sweep (D108): every few seconds one worker looks for whatever is due and sends its job.
// Requests send jobs too, inside their transactions; the sweep is what makes a lost or failed
// job come back, since every job is derived from rows (an order's next_check_at, a PENDING
// refund, an unapplied webhook, a closed link with open checkouts), and the hourly dues and reminders jobs.
// It also removes idempotency keys past their day.
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { orders, paymentLinks, refunds, smsMessages, webhookReceipts } from '../db/schema';
import { forgetExpiredKeys } from '../services/idempotency';
import type { JobQueue } from './queue';
import { OPEN_ORDER_STATUSES } from '../../domain/statuses';
import { toIstIsoString } from '../../domain/time';

/** At most this many of each kind per sweep; the next sweep takes the rest. */
const BATCH = 200;
/** A queued text not tried for this long lost its job (or is between retries). */
const SMS_STALE_MS = 60_000;

export interface SweepResult {
  orders: number;
  refunds: number;
  webhooks: number;
  linksExpired: number;
  linksToClose: number;
  texts: number;
  /** Idempotency keys past their day. */
  keysForgotten: number;
}

export async function sweep(db: Database, clock: Clock, jobs: JobQueue): Promise<SweepResult> {
  const now = clock.now();

  const dueOrders = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, OPEN_ORDER_STATUSES), lte(orders.nextCheckAt, now)))
    .orderBy(orders.nextCheckAt)
    .limit(BATCH);
  for (const { id } of dueOrders) await jobs.send('order-reconcile', { orderId: id });

  const dueRefunds = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'PENDING'), lte(refunds.nextCheckAt, now)))
    .orderBy(refunds.nextCheckAt)
    .limit(BATCH);
  for (const { id } of dueRefunds) await jobs.send('refund-sync', { refundId: id });

  const unapplied = await db
    .select({ id: webhookReceipts.id })
    .from(webhookReceipts)
    .where(isNull(webhookReceipts.appliedAt))
    .orderBy(webhookReceipts.receivedAt)
    .limit(BATCH);
  for (const { id } of unapplied) await jobs.send('payment-webhook', { receiptId: id });

  // D113: links past their expiry are EXPIRED from now on, in the table too.
  const expired = await db
    .update(paymentLinks)
    .set({ status: 'EXPIRED' })
    .where(and(eq(paymentLinks.status, 'ACTIVE'), lte(paymentLinks.expiresAt, now)))
    .returning({ id: paymentLinks.id });

  // Links that can no longer be paid but still have a checkout open at the gateway.
  const toClose = await db
    .selectDistinct({ id: paymentLinks.id })
    .from(paymentLinks)
    .innerJoin(orders, eq(orders.paymentLinkId, paymentLinks.id))
    .where(
      and(
        inArray(paymentLinks.status, ['PAID', 'CANCELLED', 'EXPIRED']),
        eq(orders.status, 'ACTIVE'),
        isNotNull(orders.paymentSessionId),
        or(isNull(paymentLinks.orderId), sql`${orders.id} <> ${paymentLinks.orderId}`),
      ),
    )
    .limit(BATCH);
  for (const { id } of toClose) await jobs.send('link-close', { linkId: id });

  const texts = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.status, 'queued'),
        lte(smsMessages.updatedAt, new Date(now.getTime() - SMS_STALE_MS)),
      ),
    )
    .limit(BATCH);
  for (const { id } of texts) await jobs.send('sms-send', { messageId: id });

  // D146, D148: dues are written ahead of time and reminders sent, once an hour (both jobs are
  // idempotent anyway: a reminder's slot is a unique row).
  const hour = toIstIsoString(now).slice(0, 13);
  await jobs.send('dues-generate', { hour }, { oncePerSeconds: 3600 });
  await jobs.send('reminders-run', { hour }, { oncePerSeconds: 3600 });

  const keysForgotten = await forgetExpiredKeys(db, now, BATCH);

  return {
    texts: texts.length,
    keysForgotten,
    orders: dueOrders.length,
    refunds: dueRefunds.length,
    webhooks: unapplied.length,
    linksExpired: expired.length,
    linksToClose: toClose.length,
  };
}
