// Which payment attempt of an order the app shows (status page, receipt, both payment lists):
// the newest successful one when there is one, else the newest. One home for the rule: the
// ordering below, read by shownAttempts and by the SQL of payments/made (paymentHistory.ts).
import { desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentAttempts, type PaymentAttemptRow } from '../db/schema';

/** Orders an order's attempts so that the shown one comes first. */
export const shownFirst: SQL[] = [
  sql`(${paymentAttempts.status} = 'SUCCESS') desc`,
  desc(paymentAttempts.createdAt),
  desc(paymentAttempts.id),
];

export async function shownAttempts(
  db: Database,
  orderIds: string[],
): Promise<Map<string, PaymentAttemptRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([paymentAttempts.orderId])
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.orderId, orderIds))
    .orderBy(paymentAttempts.orderId, ...shownFirst);
  return new Map(rows.map((row) => [row.orderId, row]));
}
