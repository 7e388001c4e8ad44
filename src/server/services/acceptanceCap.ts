// D10 under concurrency (D109): what a tutor at MIN_KYC_APPROVED holds against the ₹50,000
// cap is every payment they have kept (PAID, not refunded) and every order that can still be
// paid (open at the gateway, or its gateway order being created). An order takes its share at
// creation, under the tutor's cap lock, so two students cannot both fit into the last ₹20,000;
// the share is released when the order ends unpaid or is refunded.
import { and, eq, gt, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Paise } from '../../domain/money';
import { OPEN_ORDER_STATUSES } from '../../domain/statuses';
import type { Database } from '../db/client';
import { orders, refunds } from '../db/schema';

/** An open order still counts this long after its gateway expiry (a payment finishing late). */
export const EXPIRY_GRACE_MS = 10 * 60 * 1000;

/** Serialises cap decisions about one tutor for the rest of the transaction `tx`. */
export const lockCap = (tx: Database, payeeId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cap:${payeeId}`}))`);

/** A refund that gives (or has given) the money back releases the order's share. */
const notRefunded = notExists(
  // A refund still REQUESTED or DECLINED keeps the money with the tutor.
  sql`(select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} in ('PENDING', 'SUCCESS'))`,
);

/** Base amounts (paise) the tutor has kept: PAID orders not refunded. */
export async function keptByTutor(executor: Database, payeeId: number): Promise<Paise> {
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${orders.baseAmount}), 0)` })
    .from(orders)
    .where(and(eq(orders.payeeId, payeeId), eq(orders.status, 'PAID'), notRefunded));
  return Number(row?.total ?? 0);
}

/** Kept, plus orders that can still be paid at `now`. */
export async function heldAgainstCap(
  executor: Database,
  payeeId: number,
  now: Date,
): Promise<Paise> {
  const stillPayable = and(
    inArray(orders.status, OPEN_ORDER_STATUSES),
    or(
      isNull(orders.gatewayExpiresAt),
      gt(orders.gatewayExpiresAt, new Date(now.getTime() - EXPIRY_GRACE_MS)),
    ),
  );
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${orders.baseAmount}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.payeeId, payeeId),
        or(and(eq(orders.status, 'PAID'), notRefunded), stillPayable),
      ),
    );
  return Number(row?.total ?? 0);
}
