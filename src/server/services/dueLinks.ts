// Paying dues (issue 14, D147): a payment link for some of one payer's open dues with one tutor,
// for what is left on them, to the payer's phone, one open link per due and payer (D207), never
// above what one payment may be (D208). What a payment puts toward its dues is decided when it
// is paid, in its transaction with the dues locked (D206): it settles them oldest first if they
// take it whole, else it is refunded in full; any payment or settlement of a due ends its other
// links. Locks go dues first, then links, everywhere, so a payment and a tutor's 'paid in cash'
// on the same due wait for each other instead of deadlocking.
import { coded } from '../../domain/texts';
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { AMOUNT_MAX_PAISE, PAYMENT_LINK_PURPOSE_MAX_LENGTH } from '../../domain/constants';
import { duesPurpose } from '../../domain/feePlans';
import { settleOldestFirst } from '../../domain/duesLedger';
import { canAcceptPayments } from '../../domain/onboarding';
import { isOpenDue, OPEN_DUE_STATUSES } from '../../domain/dues';
import { OPEN_ORDER_STATUSES } from '../../domain/statuses';
import { studentsTexts } from '../../domain/studentsTexts';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { formatINR, paiseToRupees } from '../../domain/money';
import { istDateKey } from '../../domain/time';
import {
  dues,
  feePlans,
  linkDues,
  orders,
  paymentLinks,
  tutorStudents,
  users as users_,
  type PaymentLinkRow,
  type UserRow,
} from '../db/schema';
import { isUniqueViolation } from './dbErrors';
import { displayName } from '../users';
import { tutorOnly } from './tutorOnly';
import type { JobQueue } from '../jobs/queue';
import type { UserRepository } from '../users';
import type { PaymentLinkService } from './paymentLinks';
import { cancelDebitsOfDues, cancelDebitsOfLinks } from './debitCancels';
import { refuse, success, type Result } from './results';

type PaymentLink = components['schemas']['PaymentLink'];
/** 'My dues' without the cash receipts (cashEntries.ts reads those). */
type MyDues = Omit<components['schemas']['MyDues'], 'receipts'>;

const m = studentsTexts.dues;
/** A link made earlier for the same dues is shared again while it has this long left. */
const REUSE_MIN_LEFT_MS = 24 * 60 * 60 * 1000;
/** D207: one open link per due and payer. */
const OPEN_LINK_INDEX = 'link_dues_open_idx';

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

/** Locks every due a link is for, oldest first, with its plan's part rule. */
async function lockedDuesOf(tx: Database, linkId: string) {
  return tx
    .select({
      id: dues.id,
      amount: dues.amount,
      paid: dues.paid,
      status: dues.status,
      minimum: feePlans.partialMinimum,
    })
    .from(dues)
    .innerJoin(linkDues, eq(linkDues.dueId, dues.id))
    .innerJoin(feePlans, eq(feePlans.id, dues.planId))
    .where(eq(linkDues.linkId, linkId))
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
  // D251: an Autopay debit of these dues that has not run ends with its link.
  await cancelDebitsOfLinks(
    tx,
    jobs,
    ended.map(({ id }) => id),
  );
}

/** D153, D206: whether `amount` may be paid toward dues that have `left` on them now. */
function fitsWhatIsOwed(dues: { left: number; minimum: number | null }[], amount: number): boolean {
  const owed = dues.reduce((sum, due) => sum + due.left, 0);
  if (dues.length === 0 || amount > owed) return false;
  if (amount === owed) return true;
  return dues.every((due) => due.minimum !== null && amount >= due.minimum);
}

/**
 * D147, D206: what paying link `linkId` does to its dues, inside the PAID transition's `tx`, with
 * the dues locked (before the link is touched). `forDues`: the link is for dues. `takes(amount)`:
 * the dues, as they are now, take that payment whole (at most what is left on them, and a part
 * only as their plans take one); a payment they do not take is refunded in full, never kept in
 * part. `settle(amount)` puts it toward them oldest first and ends their other open links.
 */
export async function duesPaidBy(tx: Database, jobs: Pick<JobQueue, 'send'>, linkId: string) {
  const all = await lockedDuesOf(tx, linkId);
  const open = all
    .filter((due) => isOpenDue(due.status))
    .map((due) => ({ ...due, left: due.amount - due.paid }));
  return {
    forDues: all.length > 0,
    takes: (amount: number) => fitsWhatIsOwed(open, amount),
    async settle(amount: number): Promise<void> {
      const touched: number[] = [];
      // D237: oldest first, the one rule a cash entry follows too.
      for (const { id, applied, paid, status } of settleOldestFirst(open, amount).applied) {
        await tx.update(dues).set({ paid, status }).where(eq(dues.id, id));
        await tx
          .update(linkDues)
          .set({ applied, openFor: null })
          .where(and(eq(linkDues.linkId, linkId), eq(linkDues.dueId, id)));
        touched.push(id);
      }
      // D206: what is owed on these dues changed: no other link asks for the old amount.
      await endLinksForDues(tx, jobs, touched, linkId);
      // D251: a notice no longer says what is owed on these dues: their debits end too.
      await cancelDebitsOfDues(tx, jobs, touched, linkId);
    },
  };
}

/** How a link is opened. */
interface OpenOptions {
  /** Whether the payer must be the one the tutor's list names (not for 'My dues'). */
  payerOnList?: boolean;
  /** D153: a part of what is left (checked by the caller), in paise; absent: all of it. */
  part?: number;
  /**
   * A reminder's link: a link of the payer's whose checkout is open is not ended for it (they
   * are paying now); PayerAtCheckout is thrown instead.
   */
  spareCheckouts?: boolean;
}

/** D207: the payer is at the checkout of a link for these dues; nothing is opened for them. */
export class PayerAtCheckout extends Error {
  constructor() {
    super('the payer is at the checkout of a link for these dues');
  }
}

export function createDueLinkService(deps: {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
  users: UserRepository;
  paymentLinks: Pick<PaymentLinkService, 'insert' | 'toApi'>;
}) {
  const { db, clock, jobs, users, paymentLinks: links } = deps;

  /** The caller's open dues: as a student or as the parent who pays, with every tutor. */
  const mineWhere = (caller: UserRow) =>
    and(
      inArray(dues.status, OPEN_DUE_STATUSES),
      isNull(feePlans.endedAt),
      or(eq(tutorStudents.phone, caller.phone), eq(tutorStudents.parentPhone, caller.phone)),
    );

  /**
   * `work` in a transaction. Two links at once for the same due and payer wait for each other on
   * the dues' locks; should the unique index (D207) still refuse one, it runs again and finds
   * the winner's link.
   */
  async function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, OPEN_LINK_INDEX)) return db.transaction(work);
      throw error;
    }
  }

  /**
   * D207: the payer's open link for exactly these dues and this amount, while it has a day left;
   * else every other link of theirs for any of these dues ends (one open link per due and
   * payer) and null. Runs with the dues locked.
   */
  async function reuseOrRelease(
    tx: Database,
    payerPhone: string,
    wanted: number[],
    amount: number,
    now: Date,
    spareCheckouts: boolean,
  ): Promise<PaymentLinkRow | null> {
    const held = await tx
      .selectDistinct({ link: paymentLinks })
      .from(linkDues)
      .innerJoin(paymentLinks, eq(paymentLinks.id, linkDues.linkId))
      .where(and(inArray(linkDues.dueId, wanted), eq(linkDues.openFor, payerPhone)));
    for (const { link } of held) {
      if (
        link.status !== 'ACTIVE' ||
        link.amount !== amount ||
        link.expiresAt.getTime() <= now.getTime() + REUSE_MIN_LEFT_MS
      ) {
        continue;
      }
      const ids = await tx
        .select({ id: linkDues.dueId })
        .from(linkDues)
        .where(eq(linkDues.linkId, link.id))
        .orderBy(asc(linkDues.dueId));
      if (ids.map((d) => d.id).join() === wanted.join()) return link;
    }
    const ids = held.map(({ link }) => link.id);
    if (ids.length === 0) return null;
    if (spareCheckouts) {
      const [paying] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.paymentLinkId, ids), inArray(orders.status, OPEN_ORDER_STATUSES)))
        .limit(1);
      if (paying) throw new PayerAtCheckout();
    }
    const replaced = await tx
      .update(paymentLinks)
      .set({ status: 'CANCELLED' })
      .where(
        and(
          inArray(paymentLinks.id, ids),
          eq(paymentLinks.status, 'ACTIVE'),
          gt(paymentLinks.expiresAt, now),
        ),
      )
      .returning({ id: paymentLinks.id });
    for (const { id } of replaced) await jobs.send('link-close', { linkId: id }, { tx });
    await tx.update(linkDues).set({ openFor: null }).where(inArray(linkDues.linkId, ids));
    return null;
  }

  /**
   * A link for `dueIds` (all open, all the tutor's, all `payerPhone`'s), in `tx` with the dues
   * locked; or the payer's open link made for exactly these dues and this amount earlier
   * (D207), while it has a day left.
   */
  async function openIn(
    tx: Database,
    tutorId: number,
    payerPhone: string,
    dueIds: number[],
    { payerOnList = true, part, spareCheckouts = false }: OpenOptions = {},
  ): Promise<Result<PaymentLink, 400 | 409>> {
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
          inArray(dues.status, OPEN_DUE_STATUSES),
          payerOnList ? paidForBy(payerPhone) : undefined,
        ),
      )
      .orderBy(asc(dues.dueDate), asc(dues.id))
      .for('update', { of: dues });
    if (rows.length === 0 || rows.length !== new Set(dueIds).size) {
      return refuse(409, coded(m).notOpen);
    }
    const amount = part ?? rows.reduce((sum, due) => sum + due.amount - due.paid, 0);
    // D208: one payment is at most D11's maximum; a link above it could never be paid.
    if (amount > AMOUNT_MAX_PAISE) {
      return refuse(400, coded(m).tooMuchForOnePayment(formatINR(AMOUNT_MAX_PAISE)));
    }
    const now = clock.now();
    const wanted = rows.map((due) => due.id).sort((a, b) => a - b);
    const earlier = await reuseOrRelease(tx, payerPhone, wanted, amount, now, spareCheckouts);
    if (earlier) return success(links.toApi(earlier, now));
    const link = await links.insert(tx, {
      payeeId: tutorId,
      amount,
      purpose: duesPurpose(rows, PAYMENT_LINK_PURPOSE_MAX_LENGTH),
      studentPhone: payerPhone,
    });
    await tx
      .insert(linkDues)
      .values(wanted.map((dueId) => ({ linkId: link.id, dueId, openFor: payerPhone })));
    return success(links.toApi(link, now));
  }

  return {
    /** `openIn` inside `options.tx`, or in a transaction of its own. */
    async open(
      tutorId: number,
      payerPhone: string,
      dueIds: number[],
      options: OpenOptions & { tx?: Database } = {},
    ): Promise<Result<PaymentLink, 400 | 409>> {
      const { tx, ...rest } = options;
      if (tx) return openIn(tx, tutorId, payerPhone, dueIds, rest);
      return inTransaction((own) => openIn(own, tutorId, payerPhone, dueIds, rest));
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
      return inTransaction(async (tx) => {
        // Locked first: what is left is what it is until the link is made (D207).
        const rows = await tx
          .select({
            id: dues.id,
            tutorId: dues.tutorId,
            left: sql<number>`${dues.amount} - ${dues.paid}`.mapWith(Number),
            minimum: feePlans.partialMinimum,
          })
          .from(dues)
          .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
          .innerJoin(feePlans, eq(feePlans.id, dues.planId))
          .where(and(inArray(dues.id, dueIds), mineWhere(caller)))
          .orderBy(asc(dues.dueDate), asc(dues.id))
          .for('update', { of: dues });
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
        return openIn(tx, rows[0]!.tutorId, caller.phone, dueIds, {
          payerOnList: false,
          part: amount,
        });
      });
    },

    /** D147: the tutor's link (and QR) for one open due, to the payer's phone. */
    async forDue(caller: UserRow, id: number): Promise<Result<PaymentLink, 400 | 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const [due] = await db
        .select({ status: dues.status, payer: payerPhoneOf })
        .from(dues)
        .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
        .where(and(eq(dues.id, id), eq(dues.tutorId, caller.id)));
      if (!due) return refuse(404, coded(m).notFound);
      if (!isOpenDue(due.status)) return refuse(409, coded(m).closed);
      return this.open(caller.id, due.payer, [id]);
    },
  };
}

export type DueLinkService = ReturnType<typeof createDueLinkService>;
