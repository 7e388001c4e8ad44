// D112: a payment the platform must not keep (over the KYC cap, a second payment of a link, a
// payment of a cancelled or expired link) is refunded in full, by the refund job, without
// anybody asking. The refund is a row of the same refunds table (one per order, never more
// than was paid), created in the transaction that marks the order PAID, with its job.
import { sql } from 'drizzle-orm';
import { automaticRefundReason } from '../../domain/refundReasons';
import type { Database } from '../db/client';
import { refunds, type OrderRow, type RefundCause } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { newRefundId } from './ids';

/**
 * Refunds `order` in full for `cause`, inside `tx`. A student's request still waiting for the
 * tutor becomes this refund; a refund already decided or under way is left as it is.
 * Returns the refund's id, or null when there was one already.
 */
export async function refundAutomatically(
  tx: Database,
  jobs: Pick<JobQueue, 'send'>,
  order: Pick<OrderRow, 'id' | 'payerId' | 'payeeId' | 'total'>,
  cause: RefundCause,
  now: Date,
): Promise<string | null> {
  const id = newRefundId();
  const automatic = {
    amount: order.total,
    reason: automaticRefundReason(cause),
    cause,
    status: 'PENDING' as const,
    decidedAt: now,
    nextCheckAt: now,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(refunds)
    .values({
      id,
      orderId: order.id,
      studentId: order.payerId,
      tutorId: order.payeeId,
      requestedAt: now,
      gatewayRefundId: id,
      ...automatic,
    })
    .onConflictDoUpdate({
      target: refunds.orderId,
      // The request's own id becomes the gateway's refund_id.
      set: { ...automatic, gatewayRefundId: sql`${refunds.id}` },
      setWhere: sql`${refunds.status} = 'REQUESTED'`,
    })
    .returning({ id: refunds.id });
  if (!row) return null;
  await jobs.send('refund-sync', { refundId: row.id }, { tx });
  return row.id;
}
