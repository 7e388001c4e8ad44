// D152, D230: the dues still ahead and untouched (not yet due, open, nothing paid), the ones a
// plan's change rewrites, and a plan's end, a student's leaving or a move to another batch
// removes. Locked first, then their links end: none asks for what is no longer owed.
import { and, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dues, type DueRow } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { endLinksForDues } from './dueLinks';

/** The untouched future dues `where` picks, locked, their links ended. */
export async function untouchedFutureDues(
  tx: Database,
  jobs: Pick<JobQueue, 'send'>,
  where: SQL | undefined,
  today: string,
): Promise<DueRow[]> {
  const future = await tx
    .select()
    .from(dues)
    .where(and(where, gt(dues.dueDate, today), eq(dues.status, 'open'), eq(dues.paid, 0)))
    .for('update');
  await endLinksForDues(
    tx,
    jobs,
    future.map((due) => due.id),
  );
  return future;
}

/** Removes them: how many went. */
export async function dropUntouchedFutureDues(
  tx: Database,
  jobs: Pick<JobQueue, 'send'>,
  where: SQL | undefined,
  today: string,
): Promise<number> {
  const future = await untouchedFutureDues(tx, jobs, where, today);
  if (future.length > 0) {
    await tx.delete(dues).where(
      inArray(
        dues.id,
        future.map((due) => due.id),
      ),
    );
  }
  return future.length;
}
