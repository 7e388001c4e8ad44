// Erasure at a person's request (issue 54, D321, D322). In one transaction: the account is
// made an anonymous tombstone (its id stays, so the payment records that point at it still
// add up for the other party), and everything else about the person goes: sessions, keys,
// texts, reminders, bank accounts, the tutors' entries of them, and a tutor's own students,
// links and plans. What the law keeps is the records of paid payments and the tax documents of
// them; the identity they need (names, phone, PAN, bank accounts) is sealed into the erasure's
// row and emptied by the retention job once the last of them may go (purgeDue).
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { keptUntil } from '../../domain/privacy';
import { privacyTexts } from '../../domain/privacyTexts';
import { coded } from '../../domain/texts';
import type { Clock } from '../clock';
import type { Sealer } from '../crypto/sealing';
import type { Database } from '../db/client';
import {
  apiKeys,
  bankAccounts,
  cashPayments,
  consents,
  erasures,
  feePlans,
  idempotencyKeys,
  linkDues,
  orders,
  otpCodes,
  otpFailures,
  paymentLinks,
  refunds,
  reminderOptOuts,
  reminderSettings,
  reminders,
  sessions,
  smsMessages,
  tutorStudents,
  users,
  dues,
  type UserRow,
} from '../db/schema';
import type { AuditOrigin, AuditTrail } from './audit';
import type { PanStore } from './pans';
import { refuse, success, type Result } from './results';

type ErasureReport = components['schemas']['ErasureReport'];
type KeptKind = ErasureReport['kept'][number]['kind'];

/** What an erasure row's summary keeps: what the report says, in any language later. */
type Summary = { kind: KeptKind; count: number }[];

export interface ErasureDeps {
  db: Database;
  clock: Clock;
  sealer: Sealer;
  pans: PanStore;
  audit: AuditTrail;
}

/** The placeholder an erased row's phone becomes: unique, and never a phone (D322). */
const erasedPhone = (table: 'user' | 'student', id: number) => `erased-${table}-${id}`;

/**
 * A tutor's entry of a student, erased (D322): no name, no phone, no parent; its open dues
 * waived, so no reminder or link is made for it again. Paid dues stay: they are payments.
 */
export async function eraseStudentEntries(tx: Database, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(tutorStudents)
    .set({
      name: '',
      phone: sql`'erased-student-' || ${tutorStudents.id}`,
      parentName: null,
      parentPhone: null,
      batch: null,
      erasedAt: now,
    })
    .where(inArray(tutorStudents.id, ids));
  // Issue 48's cash entries stay (the tutor's register adds up), without who paid or a note.
  await tx
    .update(cashPayments)
    .set({ payerPhone: sql`'erased-student-' || ${cashPayments.studentId}`, note: null })
    .where(inArray(cashPayments.studentId, ids));
  await tx
    .update(dues)
    .set({ status: 'waived', settledBy: 'waived', settledAt: now })
    .where(and(inArray(dues.studentId, ids), inArray(dues.status, ['open', 'partly_paid'])));
}

function reportOf(summary: Summary, retainUntil: Date | null, erasedAt: Date): ErasureReport {
  const k = privacyTexts.kept;
  const words: Record<KeptKind, (count: number) => [string, string]> = {
    payments: (count) => [k.payments(count), k.paymentsWhy],
    consents: () => [k.consents, k.consentsWhy],
    audit: () => [k.audit, k.auditWhy],
    opt_out: () => [k.optOut, k.optOutWhy],
  };
  return {
    erased_at: erasedAt.toISOString(),
    kept: summary.map(({ kind, count }) => {
      const [what, why] = words[kind](count);
      return {
        kind,
        what,
        why,
        until: kind === 'payments' && retainUntil ? retainUntil.toISOString() : null,
      };
    }),
  };
}

export function createErasureService({ db, clock, sealer, pans, audit }: ErasureDeps) {
  /** Refusals first (D322): nothing is erased while money is still moving. */
  const stillMoving = async (tx: Database, user: UserRow) => {
    const [refund] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          or(eq(refunds.studentId, user.id), eq(refunds.tutorId, user.id)),
          inArray(refunds.status, ['REQUESTED', 'PENDING']),
        ),
      )
      .limit(1);
    if (refund) return refuse(409, coded(privacyTexts).api.refundOpen);
    const [checkout] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          or(eq(orders.payerId, user.id), eq(orders.payeeId, user.id)),
          inArray(orders.status, ['ACTIVE', 'TERMINATION_REQUESTED']),
          isNotNull(orders.paymentSessionId),
        ),
      )
      .limit(1);
    if (checkout) return refuse(409, coded(privacyTexts).api.checkoutOpen);
    return null;
  };

  /** The identity the kept payment records need, as it was at erasure. */
  const identityOf = async (tx: Database, user: UserRow) => ({
    id: user.id,
    role: user.role,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    pan: pans.reveal(user),
    username: user.username,
    bank_accounts: await tx
      .select({
        masked: bankAccounts.accountNumberMasked,
        ifsc: bankAccounts.ifsc,
        bank: bankAccounts.bankName,
        name: bankAccounts.nameAtBank,
      })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, user.id)),
  });

  return {
    /** eraseMyData: the caller's data erased now, or a 409 and nothing erased. */
    async erase(caller: UserRow, origin?: AuditOrigin): Promise<Result<ErasureReport, 409>> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        // One erasure at a time per person; a payment starting now waits for this to commit.
        const [user] = await tx.select().from(users).where(eq(users.id, caller.id)).for('update');
        if (!user) throw new Error('erase: the caller vanished');
        const moving = await stillMoving(tx, user);
        if (moving) return moving;
        const phone = user.phone;

        const paid = await tx
          .select({ paidAt: orders.paidAt, updatedAt: orders.updatedAt })
          .from(orders)
          .where(
            and(
              or(eq(orders.payerId, user.id), eq(orders.payeeId, user.id)),
              eq(orders.status, 'PAID'),
            ),
          );
        const retainUntil = paid.reduce<Date | null>((latest, order) => {
          const until = keptUntil(order.paidAt ?? order.updatedAt);
          return latest === null || until > latest ? until : latest;
        }, null);
        const kept =
          paid.length === 0
            ? null
            : sealer.seal('erasures.kept', JSON.stringify(await identityOf(tx, user)));

        // The tutors' entries of this person, and the children whose consent was theirs.
        const entries = await tx
          .select({ id: tutorStudents.id })
          .from(tutorStudents)
          .where(
            or(
              eq(tutorStudents.phone, phone),
              and(eq(tutorStudents.parentPhone, phone), eq(tutorStudents.minor, true)),
              user.role === 'teacher' ? eq(tutorStudents.tutorId, user.id) : sql`false`,
            ),
          );
        await eraseStudentEntries(
          tx,
          entries.map((e) => e.id),
          now,
        );
        await tx
          .update(tutorStudents)
          .set({ parentName: null, parentPhone: null })
          .where(eq(tutorStudents.parentPhone, phone));

        // Links: an open one to or from them can never be paid now; every one forgets the phone.
        await tx
          .update(paymentLinks)
          .set({ status: 'CANCELLED' })
          .where(
            and(
              eq(paymentLinks.status, 'ACTIVE'),
              or(eq(paymentLinks.studentPhone, phone), eq(paymentLinks.payeeId, user.id)),
            ),
          );
        await tx
          .update(paymentLinks)
          .set({ studentPhone: null })
          .where(
            or(
              eq(paymentLinks.studentPhone, phone),
              and(eq(paymentLinks.payeeId, user.id), isNotNull(paymentLinks.studentPhone)),
            ),
          );
        // D207's hold of a due for a payer names their phone: a cancelled link holds nothing.
        await tx
          .update(linkDues)
          .set({ openFor: null })
          .where(
            or(
              eq(linkDues.openFor, phone),
              inArray(
                linkDues.linkId,
                tx
                  .select({ id: paymentLinks.id })
                  .from(paymentLinks)
                  .where(eq(paymentLinks.payeeId, user.id)),
              ),
            ),
          );
        await tx
          .update(feePlans)
          .set({ endedAt: now })
          .where(and(eq(feePlans.tutorId, user.id), isNull(feePlans.endedAt)));

        // Texts and reminders to them, and a tutor's own reminders (to their payers).
        const gone = await tx
          .delete(reminders)
          .where(or(eq(reminders.payerPhone, phone), eq(reminders.tutorId, user.id)))
          .returning({ text: reminders.smsMessageId });
        const texts = gone.flatMap((r) => (r.text === null ? [] : [r.text]));
        await tx
          .delete(smsMessages)
          .where(
            or(
              eq(smsMessages.phone, phone),
              texts.length ? inArray(smsMessages.id, texts) : sql`false`,
            ),
          );
        await tx.delete(reminderSettings).where(eq(reminderSettings.tutorId, user.id));
        // Cash entries they paid for others' students: the amounts stay, their phone goes.
        await tx
          .update(cashPayments)
          .set({ payerPhone: erasedPhone('user', user.id), note: null })
          .where(eq(cashPayments.payerPhone, phone));
        await tx.delete(otpCodes).where(eq(otpCodes.phone, phone));
        await tx.delete(otpFailures).where(eq(otpFailures.phone, phone));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await tx.delete(apiKeys).where(eq(apiKeys.userId, user.id));
        await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
        await tx.delete(bankAccounts).where(eq(bankAccounts.userId, user.id));
        await tx
          .update(consents)
          .set({ withdrawnAt: now })
          .where(
            and(
              eq(consents.userId, user.id),
              eq(consents.kind, 'notice'),
              isNull(consents.withdrawnAt),
            ),
          );

        await tx
          .update(users)
          .set({
            phone: erasedPhone('user', user.id),
            firstName: null,
            lastName: null,
            panSealed: null,
            panHash: null,
            username: null,
            subjects: [],
            erasedAt: now,
          })
          .where(eq(users.id, user.id));

        const [consentRows] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(consents)
          .where(eq(consents.userId, user.id));
        const [optOut] = await tx
          .select({ phone: reminderOptOuts.phone })
          .from(reminderOptOuts)
          .where(eq(reminderOptOuts.phone, phone));
        const summary: Summary = [
          ...(paid.length > 0 ? [{ kind: 'payments' as const, count: paid.length }] : []),
          ...((consentRows?.n ?? 0) > 0
            ? [{ kind: 'consents' as const, count: consentRows!.n }]
            : []),
          { kind: 'audit', count: 1 },
          ...(optOut ? [{ kind: 'opt_out' as const, count: 1 }] : []),
        ];
        await tx
          .insert(erasures)
          .values({ userId: user.id, erasedAt: now, retainUntil, kept, summary });
        await audit.record(
          tx,
          {
            actorId: user.id,
            action: 'erasure',
            subjectUserId: user.id,
            detail: { payments_kept: paid.length, student_entries: entries.length },
          },
          origin,
        );
        return success(reportOf(summary, retainUntil, now));
      });
    },

    /**
     * D321, the retention job: an erasure whose records the law no longer needs has its kept
     * identity emptied; the payment rows stay, pointing at an anonymous id, in the other party's
     * books. At most `limit` a run; the next run takes the rest.
     */
    async purgeDue(limit = 200): Promise<number> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const due = await tx
          .update(erasures)
          .set({ kept: null, purgedAt: now })
          .where(
            and(
              isNull(erasures.purgedAt),
              isNotNull(erasures.kept),
              lte(erasures.retainUntil, now),
              inArray(
                erasures.userId,
                tx
                  .select({ id: erasures.userId })
                  .from(erasures)
                  .where(and(isNull(erasures.purgedAt), lte(erasures.retainUntil, now)))
                  .limit(limit),
              ),
            ),
          )
          .returning({ userId: erasures.userId });
        for (const { userId } of due) {
          await audit.record(tx, {
            actorId: null,
            action: 'erasure.purged',
            subjectUserId: userId,
          });
        }
        return due.length;
      });
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
