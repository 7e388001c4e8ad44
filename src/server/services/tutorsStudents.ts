// Who counts as a tutor's student (issue 9.5): a student who has paid the tutor. It is the one
// home of the rule, so the students a tutor adds (fee plans) join it here; anyone else is
// unknown to the tutor, exactly like an id that does not exist.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders } from '../db/schema';

export async function isTutorsStudent(
  db: Database,
  tutorId: number,
  studentId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .where(
      and(eq(orders.payeeId, tutorId), eq(orders.payerId, studentId), eq(orders.status, 'PAID')),
    )
    .limit(1);
  return row !== undefined;
}
