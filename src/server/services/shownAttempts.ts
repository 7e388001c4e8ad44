// Which payment attempt of an order the app shows (as getOrder does, orders.ts): the
// successful one when there is one, else the newest.
import { desc, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentAttempts, type PaymentAttemptRow } from '../db/schema';

export async function shownAttempts(
  db: Database,
  orderIds: string[],
): Promise<Map<string, PaymentAttemptRow>> {
  const shown = new Map<string, PaymentAttemptRow>();
  if (orderIds.length === 0) return shown;
  const rows = await db
    .select()
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.orderId, orderIds))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id));
  for (const row of rows) {
    const current = shown.get(row.orderId);
    if (!current || (row.status === 'SUCCESS' && current.status !== 'SUCCESS')) {
      shown.set(row.orderId, row);
    }
  }
  return shown;
}
