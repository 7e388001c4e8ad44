// The sweep (D108): every few seconds one worker looks for whatever is due and sends its job.
// Requests send jobs too, inside their transactions; the sweep is what makes a lost or failed
// job come back, since every job is derived from rows (an order's next_check_at, a PENDING
// refund, an unapplied webhook, a closed link with open checkouts), and the hourly dues and reminders jobs.
// It also removes idempotency keys past their day.
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  mandateDebits,
  mandates,
  orders,
  paymentLinks,
  refunds,
  settlements,
  settlementWebhooks,
  smsMessages,
  webhookReceipts,
} from '../db/schema';
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
  /** Issue 49: mandates to re-read, debits to move on. */
  mandates: number;
  debits: number;
  /** D268: settlements with webhooks to apply or due for a re-read. */
  settlements: number;
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

  // Issue 49 (D253): mandates whose re-read is due (a webhook lost, an approval followed)...
  const dueMandates = await db
    .select({ id: mandates.id })
    .from(mandates)
    .where(and(isNull(mandates.endedAt), lte(mandates.nextCheckAt, now)))
    .orderBy(mandates.nextCheckAt)
    .limit(BATCH);
  for (const { id } of dueMandates) await jobs.send('mandate-sync', { mandateId: id });
  // ...debits to notify, to attempt or to re-read, and cancelled ones the gateway was not told.
  const dueDebits = await db
    .select({ id: mandateDebits.id })
    .from(mandateDebits)
    .where(
      or(
        and(
          inArray(mandateDebits.state, ['pending', 'notified', 'executing']),
          lte(mandateDebits.nextCheckAt, now),
        ),
        and(
          eq(mandateDebits.state, 'cancelled'),
          isNotNull(mandateDebits.notifiedAt),
          isNull(mandateDebits.cancelSentAt),
        ),
      ),
    )
    .limit(BATCH);
  for (const { id } of dueDebits) await jobs.send('debit-sync', { debitId: id });

  // D146, D148: dues are written ahead of time and reminders sent, once an hour (both jobs are
  // idempotent anyway: a reminder's slot is a unique row); D247: so are Autopay's notices.
  // D268: settlements whose webhooks are not applied yet, or due to be read again.
  const settlementIds = new Set<string>();
  const unappliedSettlements = await db
    .selectDistinct({ id: settlementWebhooks.cfSettlementId })
    .from(settlementWebhooks)
    .where(isNull(settlementWebhooks.appliedAt))
    .limit(BATCH);
  for (const { id } of unappliedSettlements) settlementIds.add(id);
  const dueSettlements = await db
    .select({ id: settlements.cfSettlementId })
    .from(settlements)
    .where(lte(settlements.nextCheckAt, now))
    .orderBy(settlements.nextCheckAt)
    .limit(BATCH);
  for (const { id } of dueSettlements) settlementIds.add(id);
  for (const cfSettlementId of settlementIds) {
    await jobs.send('settlement-sync', { cfSettlementId });
  }
  const halfHour = toIstIsoString(new Date(Math.floor(now.getTime() / 1_800_000) * 1_800_000));
  await jobs.send('settlements-poll', { slot: halfHour }, { oncePerSeconds: 1800 });

  const hour = toIstIsoString(now).slice(0, 13);
  await jobs.send('dues-generate', { hour }, { oncePerSeconds: 3600 });
  await jobs.send('reminders-run', { hour }, { oncePerSeconds: 3600 });
  // D315, D321: key rotation and the law's retention, once an hour (idempotent, batched).
  await jobs.send('keys-rotate', { hour }, { oncePerSeconds: 3600 });
  await jobs.send('retention-purge', { hour }, { oncePerSeconds: 3600 });
  await jobs.send('autopay-run', { slot: hour }, { oncePerSeconds: 3600 });

  const keysForgotten = await forgetExpiredKeys(db, now, BATCH);

  return {
    texts: texts.length,
    settlements: settlementIds.size,
    keysForgotten,
    orders: dueOrders.length,
    refunds: dueRefunds.length,
    webhooks: unapplied.length,
    linksExpired: expired.length,
    linksToClose: toClose.length,
    mandates: dueMandates.length,
    debits: dueDebits.length,
  };
}
