// D251: a due settled another way cancels its Autopay debit while the debit has not run. The
// settling transaction (a link payment, 'paid in cash', a waiver, a part payment) calls these
// with the due rows locked, so an execution claiming the same debit waits or is seen: a debit
// under way is not touched, and if it succeeds its link is closed by then, so the payment is
// refunded by the automatic-refund job (never kept twice). A cancelled debit whose notice went
// is told to the gateway by the debit job.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mandateDebits, paymentLinks } from '../db/schema';
import type { JobQueue } from '../jobs/queue';

const NOT_UNDER_WAY = ['pending', 'notified'] as const;

/** The debits of these (just cancelled) links that had not run are cancelled with them. */
export async function cancelDebitsOfLinks(
  tx: Database,
  jobs: Pick<JobQueue, 'send'>,
  linkIds: string[],
): Promise<void> {
  if (linkIds.length === 0) return;
  const cancelled = await tx
    .update(mandateDebits)
    .set({ state: 'cancelled', nextCheckAt: null })
    .where(and(inArray(mandateDebits.linkId, linkIds), inArray(mandateDebits.state, NOT_UNDER_WAY)))
    .returning({ id: mandateDebits.id, notifiedAt: mandateDebits.notifiedAt });
  for (const debit of cancelled) {
    if (debit.notifiedAt) await jobs.send('debit-sync', { debitId: debit.id }, { tx });
  }
}

/**
 * Part of these dues was paid (by `exceptLink`): their notices no longer say what is owed, so
 * their debits (and the debits' links) end, and the dues go back to the reminder ladder.
 */
export async function cancelDebitsOfDues(
  tx: Database,
  jobs: Pick<JobQueue, 'send'>,
  dueIds: number[],
  exceptLink: string,
): Promise<void> {
  if (dueIds.length === 0) return;
  const links = await tx
    .update(paymentLinks)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(paymentLinks.status, 'ACTIVE'),
        ne(paymentLinks.id, exceptLink),
        inArray(
          paymentLinks.id,
          tx
            .select({ id: mandateDebits.linkId })
            .from(mandateDebits)
            .where(inArray(mandateDebits.dueId, dueIds)),
        ),
      ),
    )
    .returning({ id: paymentLinks.id });
  await cancelDebitsOfLinks(
    tx,
    jobs,
    links.map((link) => link.id),
  );
}
