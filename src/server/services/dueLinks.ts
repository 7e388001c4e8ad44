// Paying dues (issue 14, D147): a payment link for some of one payer's open dues with one tutor,
// for what is left on them, to the payer's phone. Paying the link settles its dues oldest first
// in the payment's transaction; a due paid or settled by hand ends the other links for it.
// Locks go dues first, then links, everywhere, so a payment and a tutor's 'paid in cash' on
// the same due wait for each other instead of deadlocking.
import { coded } from '../../domain/texts';
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { duesPurpose } from '../../domain/feePlans';
import { settleOldestFirst } from '../../domain/duesLedger';
import { canAcceptPayments } from '../../domain/onboarding';
import { studentsTexts } from '../../domain/studentsTexts';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { formatINR, paiseToRupees } from '../../domain/money';
import { istDateKey } from '../../domain/time';
import {
  dues,
  feePlans,
  linkDues,
  paymentLinks,
  tutorStudents,
  users as users_,
  type UserRow,
} from '../db/schema';
import { displayName } from '../users';
import { tutorOnly } from './tutorOnly';
import type { JobQueue } from '../jobs/queue';
import type { UserRepository } from '../users';
import type { PaymentLinkService } from './paymentLinks';
import { refuse, success, type Result } from './results';

type PaymentLink = components['schemas']['PaymentLink'];
/** 'My dues' without the cash receipts (cashEntries.ts reads those). */
type MyDues = Omit<components['schemas']['MyDues'], 'receipts'>;

const m = studentsTexts.dues;
export const OPEN_DUE = ['open', 'partly_paid'] as const;
/** The payment link's purpose holds at most this many characters (the contract's). */
const PURPOSE_MAX = 120;
/** A link made earlier for the same dues is shared again while it has this long left. */
const REUSE_MIN_LEFT_MS = 24 * 60 * 60 * 1000;

/** Who pays a student's fees: the parent when set (their phone gets links and reminders). */
export const payerPhoneOf = sql<string>`coalesce(${tutorStudents.parentPhone}, ${tutorStudents.phone})`;

/** The payer's name: the parent's when set, else the student's. */
export const payerNameOf = sql<string>`coalesce(${tutorStudents.parentName}, ${tutorStudents.name})`;

/** The students `phone` pays for (payerPhoneOf = phone, written so the phone indexes serve). */
export const paidForBy = (phone: string) =>
  or(
    eq(tutorStudents.parentPhone, phone),
    and(isNull(tutorStudents.parentPhone), eq(tutorStudents.phone, phone)),
  );

/** Locks the open dues a link is for, oldest first: the first step of settling it. */
async function lockedDuesOf(tx: Database, linkId: string) {
  return tx
    .select({ id: dues.id, amount: dues.amount, paid: dues.paid })
    .from(dues)
    .innerJoin(linkDues, eq(linkDues.dueId, dues.id))
    .where(and(eq(linkDues.linkId, linkId), inArray(dues.status, [...OPEN_DUE])))
    .orderBy(asc(dues.dueDate), asc(dues.id))
    .for('update', { of: dues });
}

/** Ends the ACTIVE links (but `except`) that were for any of `dueIds`: nothing is left to pay. */
export async function endLinksForDues(
  tx: Database,
  jobs: Pick<JobQueue, 'send'>,
  dueIds: number[],
  except?: string,
): Promise<void> {
  if (dueIds.length === 0) return;
  const ended = await tx
    .update(paymentLinks)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(paymentLinks.status, 'ACTIVE'),
        except === undefined ? undefined : ne(paymentLinks.id, except),
        inArray(
          paymentLinks.id,
          tx.select({ id: linkDues.linkId }).from(linkDues).where(inArray(linkDues.dueId, dueIds)),
        ),
      ),
    )
    .returning({ id: paymentLinks.id });
  for (const { id } of ended) await jobs.send('link-close', { linkId: id }, { tx });
}

/**
 * D147: what paying link `linkId` does to its dues, inside the PAID transition's `tx`: first
 * `lock()` (before the link is touched), then `settle(amount)` once the payment is kept.
 */
export async function duesPaidBy(tx: Database, jobs: Pick<JobQueue, 'send'>, linkId: string) {
  const open = await lockedDuesOf(tx, linkId);
  return async function settle(amount: number): Promise<void> {
    const settled: number[] = [];
    // D237: oldest first, the one rule a cash entry follows too.
    for (const { id, applied, paid, status } of settleOldestFirst(open, amount).applied) {
      await tx.update(dues).set({ paid, status }).where(eq(dues.id, id));
      await tx
        .update(linkDues)
        .set({ applied })
        .where(and(eq(linkDues.linkId, linkId), eq(linkDues.dueId, id)));
      if (status === 'paid') settled.push(id);
    }
    await endLinksForDues(tx, jobs, settled, linkId);
  };
}

export function createDueLinkService(deps: {
  db: Database;
  clock: Clock;
  users: UserRepository;
  paymentLinks: Pick<PaymentLinkService, 'insert' | 'toApi'>;
}) {
  const { db, clock, users, paymentLinks: links } = deps;

  /** The caller's open dues: as a student or as the parent who pays, with every tutor. */
  const mineWhere = (caller: UserRow) =>
    and(
      inArray(dues.status, [...OPEN_DUE]),
      isNull(feePlans.endedAt),
      or(eq(tutorStudents.phone, caller.phone), eq(tutorStudents.parentPhone, caller.phone)),
    );

  return {
    /**
     * A link for `dueIds` (all open, all the tutor's, all `payerPhone`'s), or the one made for
     * exactly these dues and this amount earlier, while it has a day left.
     */
    async open(
      tutorId: number,
      payerPhone: string,
      dueIds: number[],
      tx: Database = db,
      /** Whether `payerPhone` must be the payer the tutor's list names (not for 'My dues'). */
      payerOnList = true,
      /** D153: a part of what is left (checked by the caller), in paise; absent: all of it. */
      part?: number,
    ): Promise<Result<PaymentLink, 409>> {
      if (!canAcceptPayments(await users.gatewayStatusOf(tutorId, tx))) {
        return refuse(409, coded(m).cannotAccept);
      }
      const rows = await tx
        .select({
          id: dues.id,
          amount: dues.amount,
          paid: dues.paid,
          period: dues.period,
          plan: feePlans.name,
        })
        .from(dues)
        .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
        .innerJoin(feePlans, eq(feePlans.id, dues.planId))
        .where(
          and(
            inArray(dues.id, dueIds),
            eq(dues.tutorId, tutorId),
            inArray(dues.status, [...OPEN_DUE]),
            payerOnList ? paidForBy(payerPhone) : undefined,
          ),
        )
        .orderBy(asc(dues.dueDate), asc(dues.id));
      if (rows.length === 0 || rows.length !== new Set(dueIds).size) {
        return refuse(409, coded(m).notOpen);
      }
      const amount = part ?? rows.reduce((sum, due) => sum + due.amount - due.paid, 0);
      const now = clock.now();
      const wanted = rows.map((due) => due.id).sort((a, b) => a - b);
      // Links made for the first of these dues (indexed), then the dues each was for.
      const earlier = await tx
        .select({ link: paymentLinks })
        .from(linkDues)
        .innerJoin(paymentLinks, eq(paymentLinks.id, linkDues.linkId))
        .where(
          and(
            eq(linkDues.dueId, wanted[0]!),
            eq(paymentLinks.status, 'ACTIVE'),
            eq(paymentLinks.studentPhone, payerPhone),
            eq(paymentLinks.amount, amount),
            gt(paymentLinks.expiresAt, new Date(now.getTime() + REUSE_MIN_LEFT_MS)),
          ),
        );
      for (const { link } of earlier) {
        const ids = await tx
          .select({ id: linkDues.dueId })
          .from(linkDues)
          .where(eq(linkDues.linkId, link.id))
          .orderBy(asc(linkDues.dueId));
        if (ids.map((d) => d.id).join() === wanted.join()) return success(links.toApi(link, now));
      }
      const link = await links.insert(tx, {
        payeeId: tutorId,
        amount,
        purpose: duesPurpose(rows, PURPOSE_MAX),
        studentPhone: payerPhone,
      });
      await tx.insert(linkDues).values(wanted.map((dueId) => ({ linkId: link.id, dueId })));
      return success(links.toApi(link, now));
    },

    /** D147: 'My dues', oldest first: what the caller owes every tutor. */
    async mine(caller: UserRow): Promise<Result<MyDues, 403>> {
      if (caller.role !== 'student') return refuse(403, coded(m).onlyStudents);
      const today = istDateKey(clock.now());
      const rows = await db
        .select({
          due: dues,
          student: tutorStudents.name,
          plan: feePlans.name,
          minimum: feePlans.partialMinimum,
          tutor: users_,
        })
        .from(dues)
        .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
        .innerJoin(feePlans, eq(feePlans.id, dues.planId))
        .innerJoin(users_, eq(users_.id, dues.tutorId))
        .where(mineWhere(caller))
        .orderBy(asc(dues.dueDate), asc(dues.id));
      return success({
        results: rows.map(({ due, student, plan, minimum, tutor }) => ({
          id: due.id,
          tutor_id: tutor.id,
          tutor_name: displayName(tutor),
          student_name: student,
          plan_name: plan,
          period: due.period,
          due_date: due.dueDate,
          amount: paiseToRupees(due.amount),
          paid: paiseToRupees(due.paid),
          left: paiseToRupees(due.amount - due.paid),
          overdue: due.dueDate < today,
          partial_minimum: minimum === null ? null : paiseToRupees(minimum),
        })),
      });
    },

    /**
     * D147: one payment for some of the caller's open dues, all with one tutor; D153: or a part
     * of it (`amount`, paise), where every chosen due's plan allows part payments.
     */
    async payMine(
      caller: UserRow,
      dueIds: number[],
      amount?: number,
    ): Promise<Result<PaymentLink, 400 | 403 | 409>> {
      if (caller.role !== 'student') return refuse(403, coded(m).onlyStudents);
      const rows = await db
        .select({
          id: dues.id,
          tutorId: dues.tutorId,
          left: sql<number>`${dues.amount} - ${dues.paid}`.mapWith(Number),
          minimum: feePlans.partialMinimum,
        })
        .from(dues)
        .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
        .innerJoin(feePlans, eq(feePlans.id, dues.planId))
        .where(and(inArray(dues.id, dueIds), mineWhere(caller)));
      if (rows.length === 0 || rows.length !== new Set(dueIds).size) {
        return refuse(409, coded(m).notOpen);
      }
      if (new Set(rows.map((row) => row.tutorId)).size > 1) return refuse(409, coded(m).oneTutor);
      const whole = rows.reduce((sum, row) => sum + row.left, 0);
      if (amount !== undefined && amount !== whole) {
        if (rows.some((row) => row.minimum === null)) return refuse(409, coded(m).noParts);
        const minimum = Math.max(...rows.map((row) => row.minimum!));
        if (amount < minimum) return refuse(400, coded(m).partTooSmall(formatINR(minimum)));
        if (amount > whole) return refuse(400, coded(m).partTooLarge(formatINR(whole)));
      }
      // Every due is the caller's (above): the link is theirs to pay, parent or student.
      return this.open(rows[0]!.tutorId, caller.phone, dueIds, db, false, amount);
    },

    /** D147: the tutor's link (and QR) for one open due, to the payer's phone. */
    async forDue(caller: UserRow, id: number): Promise<Result<PaymentLink, 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const [due] = await db
        .select({ status: dues.status, payer: payerPhoneOf })
        .from(dues)
        .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
        .where(and(eq(dues.id, id), eq(dues.tutorId, caller.id)));
      if (!due) return refuse(404, coded(m).notFound);
      if (!(OPEN_DUE as readonly string[]).includes(due.status))
        return refuse(409, coded(m).closed);
      return this.open(caller.id, due.payer, [id]);
    },
  };
}

export type DueLinkService = ReturnType<typeof createDueLinkService>;
