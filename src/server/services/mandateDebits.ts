// Autopay debits (issue 49, D245, D247, D251, D252): one per due, written before its notice.
//
//   autopay-run   finds the dues of ACTIVE mandates whose notice is due (from two days before
//                 their date, for exactly what is still owed, at most the mandate's cap) and
//                 writes each one's debit (pending) with a payment link for that due alone,
//                 under a lock on the due, so two workers write one.
//   debit-sync    moves one debit on, each step a conditional update:
//     pending     the notice goes to the gateway (notify-mandate) and to the payer by
//                 WhatsApp/SMS in the same step as pending -> notified: once;
//     notified    at its attempt time (on the due date, 24 hours after the notice at the least,
//                 off-peak) it is claimed (notified -> executing, attempts + 1) before
//                 execute-mandate is asked, with an execution id per attempt, so a retried or
//                 restarted job asks for the same execution again, never a second one;
//     executing   the attempt is re-read: SUCCESS settles the due as any payment does (an order,
//                 paid through the debit's link: receipt, dashboards, CSV; a due already
//                 settled another way gets its money back, D251); FAILED is retried an hour
//                 later, off-peak, up to 1 + 3 attempts, then the debit fails and the payer is
//                 told why, with a link to pay (the due is back on the reminder ladder);
//     cancelled   a cancelled debit whose notice went: the gateway is told (once).
// The amount executed is always the amount notified: a due whose owed amount changes after its
// notice (a part payment) has its debit cancelled instead.
import { and, asc, eq, gt, inArray, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  DEBIT_ATTEMPTS,
  firstAttemptAt,
  LIVE_DEBIT_STATES,
  NOTICE_LEAD_DAYS,
  nextAttemptAt,
} from '../../domain/autopay';
import { autopayTexts } from '../../domain/autopayTexts';
import { duesPurpose } from '../../domain/feePlans';
import { formatIstDate } from '../../domain/istDate';
import { formatAmount } from '../../domain/money';
import { canAcceptPayments } from '../../domain/onboarding';
import { addIstDays, istDateKey, toIstIsoString } from '../../domain/time';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  dues,
  feePlans,
  linkDues,
  mandateDebits,
  mandates,
  orders,
  paymentLinks,
  refunds,
  reminderSettings,
  tutorStudents,
  users,
  type MandateDebitRow,
  type MandateRow,
} from '../db/schema';
import type { GatewayExecution, SubscriptionGateway } from '../gateway/subscriptions';
import { GatewayError } from '../gateway/types';
import type { JobQueue } from '../jobs/queue';
import { inLocale } from '../language';
import { displayName, type UserRepository } from '../users';
import { payerPhoneOf, type DueLinkService } from './dueLinks';
import { isOpenDue, OPEN_DUE_STATUSES } from '../../domain/dues';
import type { ApplyGatewayState } from './gatewayState';
import { newOrderId } from './ids';
import { refundAutomatically } from './automaticRefunds';
import type { PaymentLinkService } from './paymentLinks';
import type { TextMessageService } from './textMessages';

/** What the gateway's notice says the debit is for (payment_remarks: at most 100). */
const REMARKS_MAX = 100;
/** The debit's link lives this long: long enough for a webhook days late. */
const DEBIT_LINK_DAYS = 30;
/** Re-reads of an attempt under way: soon, then less often. */
const EXECUTION_CHECKS_MS = [30_000, 60_000, 120_000, 300_000, 900_000, 1_800_000] as const;
/** Attempts at the gateway refused for a time (the window not open): look again this soon. */
const NOT_YET_MS = 10 * 60 * 1000;
/** Debits written per pass and mandate look-up (the next pass takes the rest). */
const BATCH = 500;

/** The debit id of attempt `n` (1-4): the gateway's execution_id. */
export const executionId = (debitId: string, attempt: number) => `${debitId}_x${attempt}`;
export const notificationId = (debitId: string) => `${debitId}_n`;
export const newDebitId = () => newOrderId().replace(/^ord_/, 'dbt_');

const isRefusal = (error: unknown): error is GatewayError =>
  error instanceof GatewayError &&
  error.status !== null &&
  error.status >= 400 &&
  error.status < 500;

/** Why a debit failed, as its payer reads it (in the language of the moment). */
export function debitFailureText(code: string | null): string {
  const r = autopayTexts.reasons;
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
      return r.insufficientFunds;
    case 'DEBIT_LIMIT_EXCEEDED':
      return r.limitExceeded;
    case 'MANDATE_REVOKED':
      return r.mandateRevoked;
    default:
      return r.declined;
  }
}

export interface DebitServiceDeps {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
  gateway: SubscriptionGateway;
  users: UserRepository;
  paymentLinks: Pick<PaymentLinkService, 'insert'>;
  dueLinks: Pick<DueLinkService, 'open'>;
  textMessages: Pick<TextMessageService, 'queue'>;
  applyGatewayState: ApplyGatewayState;
}

export function createDebitService(deps: DebitServiceDeps) {
  const { db, clock, jobs, gateway, users: repo } = deps;

  /** The text's recipient (the mandate's payer) and what they read it in. */
  async function payerOf(tx: Database, mandate: MandateRow) {
    const [payer] = await tx.select().from(users).where(eq(users.id, mandate.payerId));
    const [tutor] = await tx.select().from(users).where(eq(users.id, mandate.tutorId));
    const [setting] = await tx
      .select({ channel: reminderSettings.channel })
      .from(reminderSettings)
      .where(eq(reminderSettings.tutorId, mandate.tutorId));
    return {
      phone: payer!.phone,
      language: payer!.language,
      tutor: tutor ? displayName(tutor) : '',
      channel: setting?.channel ?? 'whatsapp',
    };
  }

  /** What the debit is for, as links and notices name it: 'Maths (Feb 2025)'. */
  async function purposeOf(tx: Database, dueId: number | null): Promise<string> {
    if (dueId === null) return '';
    const [row] = await tx
      .select({ plan: feePlans.name, period: dues.period })
      .from(dues)
      .innerJoin(feePlans, eq(feePlans.id, dues.planId))
      .where(eq(dues.id, dueId));
    return row ? duesPurpose([row], REMARKS_MAX) : '';
  }

  /** Ends a debit (and its link) that will not run; true when this call ended it. */
  async function cancel(debit: MandateDebitRow, from: 'pending' | 'notified'): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [ended] = await tx
        .update(mandateDebits)
        .set({ state: 'cancelled', nextCheckAt: null, updatedAt: clock.now() })
        .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.state, from)))
        .returning({ id: mandateDebits.id });
      if (!ended) return false;
      await tx
        .update(paymentLinks)
        .set({ status: 'CANCELLED' })
        .where(and(eq(paymentLinks.id, debit.linkId), eq(paymentLinks.status, 'ACTIVE')));
      return true;
    });
  }

  /** Whether the due still owes exactly what the debit says, under an ACTIVE mandate. */
  async function stillOwed(debit: MandateDebitRow): Promise<boolean> {
    const [row] = await db
      .select({ due: dues, mandate: mandates.status, tutor: mandates.tutorId })
      .from(mandateDebits)
      .innerJoin(dues, eq(dues.id, mandateDebits.dueId))
      .innerJoin(mandates, eq(mandates.id, mandateDebits.mandateId))
      .where(eq(mandateDebits.id, debit.id));
    if (!row || row.mandate !== 'ACTIVE') return false;
    if (!isOpenDue(row.due.status)) return false;
    if (row.due.amount - row.due.paid !== debit.amount) return false;
    return canAcceptPayments(await repo.gatewayStatusOf(row.tutor));
  }

  /** The notice: to the gateway, then (with pending -> notified) to the payer, once. */
  async function notify(debit: MandateDebitRow, mandate: MandateRow): Promise<void> {
    if (!(await stillOwed(debit))) {
      await cancel(debit, 'pending');
      return;
    }
    const remarks = await purposeOf(db, debit.dueId);
    try {
      await gateway.notifyDebit({
        subscriptionId: mandate.id,
        paymentId: debit.id,
        notificationId: notificationId(debit.id),
        amount: debit.amount,
        remarks,
      });
    } catch (error) {
      // The gateway will not take it (the mandate is not active there): the due is reminded.
      if (isRefusal(error)) {
        await cancel(debit, 'pending');
        await jobs.send('mandate-sync', { mandateId: mandate.id });
        return;
      }
      throw error;
    }
    const now = clock.now();
    const attemptAt = firstAttemptAt(debit.dueDate, now);
    await db.transaction(async (tx) => {
      const [notified] = await tx
        .update(mandateDebits)
        .set({
          state: 'notified',
          notifiedAt: now,
          nextAttemptAt: attemptAt,
          nextCheckAt: attemptAt,
          updatedAt: now,
        })
        .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.state, 'pending')))
        .returning({ id: mandateDebits.id });
      if (!notified) return;
      const payer = await payerOf(tx, mandate);
      const vars = inLocale(payer.language, () => ({
        tutor: payer.tutor,
        amount: formatAmount(debit.amount),
        purpose: remarks,
        date: formatIstDate(attemptAt, { withYear: true }),
        reference: debit.id,
      }));
      await deps.textMessages.queue(
        { phone: payer.phone, template: 'autopayNotice', vars, language: payer.language },
        tx,
        payer.channel,
      );
    });
  }

  /** Claims the next attempt and asks the gateway for it. */
  async function execute(debit: MandateDebitRow, mandate: MandateRow): Promise<void> {
    const now = clock.now();
    if (debit.nextAttemptAt && debit.nextAttemptAt.getTime() > now.getTime()) {
      await db
        .update(mandateDebits)
        .set({ nextCheckAt: debit.nextAttemptAt })
        .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.state, 'notified')));
      return;
    }
    if (!(await stillOwed(debit))) {
      if (await cancel(debit, 'notified')) await jobs.send('debit-sync', { debitId: debit.id });
      return;
    }
    const attempt = debit.attempts + 1;
    const [claimed] = await db
      .update(mandateDebits)
      .set({ state: 'executing', attempts: attempt, nextCheckAt: now, updatedAt: now })
      .where(
        and(
          eq(mandateDebits.id, debit.id),
          eq(mandateDebits.state, 'notified'),
          eq(mandateDebits.attempts, debit.attempts),
          // D247: never before the attempt's time (at least 24 hours after the notice).
          lte(mandateDebits.nextAttemptAt, now),
        ),
      )
      .returning();
    if (!claimed) return;
    await ask(claimed, mandate);
  }

  /** execute-mandate for the claimed attempt (again, if need be: the same execution id). */
  async function ask(debit: MandateDebitRow, mandate: MandateRow): Promise<void> {
    let execution: GatewayExecution;
    try {
      execution = await gateway.executeDebit({
        paymentId: debit.id,
        executionId: executionId(debit.id, debit.attempts),
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      await refused(debit, mandate, error);
      return;
    }
    await applyExecution(debit, mandate, execution);
  }

  /** The gateway would not start the attempt: nothing was debited. */
  async function refused(debit: MandateDebitRow, mandate: MandateRow, error: GatewayError) {
    const now = clock.now();
    const back = (at: Date) =>
      db
        .update(mandateDebits)
        .set({
          state: 'notified',
          attempts: debit.attempts - 1,
          nextAttemptAt: at,
          nextCheckAt: at,
          updatedAt: now,
        })
        .where(
          and(
            eq(mandateDebits.id, debit.id),
            eq(mandateDebits.state, 'executing'),
            eq(mandateDebits.attempts, debit.attempts),
          ),
        );
    switch (error.code) {
      case 'notification_window_not_elapsed':
      case 'blackout_window':
      case 'execution_in_progress':
        // Not yet: the attempt is not spent.
        await back(new Date(now.getTime() + NOT_YET_MS));
        return;
      case 'subscription_not_active':
        await db
          .update(mandateDebits)
          .set({ state: 'cancelled', nextCheckAt: null, updatedAt: now })
          .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.state, 'executing')));
        await db
          .update(paymentLinks)
          .set({ status: 'CANCELLED' })
          .where(and(eq(paymentLinks.id, debit.linkId), eq(paymentLinks.status, 'ACTIVE')));
        await jobs.send('mandate-sync', { mandateId: mandate.id });
        return;
      case 'payment_already_successful':
        // An earlier attempt went through after all: it is the one to read.
        await db
          .update(mandateDebits)
          .set({ attempts: debit.attempts - 1, nextCheckAt: now })
          .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.attempts, debit.attempts)));
        return;
      default:
        await attemptFailed(debit, mandate, error.code ?? 'TRANSACTION_DECLINED');
    }
  }

  /** What the gateway says of the attempt under way, applied. */
  async function applyExecution(
    debit: MandateDebitRow,
    mandate: MandateRow,
    execution: GatewayExecution,
  ): Promise<void> {
    if (execution.paymentStatus === 'SUCCESS') return succeeded(debit, mandate, execution);
    if (execution.paymentStatus === 'FAILED') {
      return attemptFailed(debit, mandate, execution.failureCode ?? 'TRANSACTION_DECLINED');
    }
    if (execution.paymentStatus === 'CANCELLED') {
      await db
        .update(mandateDebits)
        .set({ state: 'cancelled', nextCheckAt: null, updatedAt: clock.now() })
        .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.state, 'executing')));
      return;
    }
    // Under way: look again, less often as it stays so.
    const age = clock.now().getTime() - debit.updatedAt.getTime();
    const step = EXECUTION_CHECKS_MS.find((ms) => ms > age) ?? EXECUTION_CHECKS_MS.at(-1)!;
    await db
      .update(mandateDebits)
      .set({ nextCheckAt: new Date(clock.now().getTime() + step) })
      .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.state, 'executing')));
  }

  /** An attempt failed: the next one an hour later, or the debit fails and the payer is told. */
  async function attemptFailed(debit: MandateDebitRow, mandate: MandateRow, code: string) {
    const now = clock.now();
    if (debit.attempts < DEBIT_ATTEMPTS && code !== 'MANDATE_REVOKED') {
      const at = nextAttemptAt(now);
      await db
        .update(mandateDebits)
        .set({
          state: 'notified',
          failureCode: code,
          nextAttemptAt: at,
          nextCheckAt: at,
          updatedAt: now,
        })
        .where(
          and(
            eq(mandateDebits.id, debit.id),
            eq(mandateDebits.state, 'executing'),
            eq(mandateDebits.attempts, debit.attempts),
          ),
        );
      return;
    }
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(mandateDebits)
        .set({ state: 'failed', failureCode: code, nextCheckAt: null, updatedAt: now })
        .where(
          and(
            eq(mandateDebits.id, debit.id),
            eq(mandateDebits.state, 'executing'),
            eq(mandateDebits.attempts, debit.attempts),
          ),
        )
        .returning({ id: mandateDebits.id });
      if (!failed) return;
      await tx
        .update(paymentLinks)
        .set({ status: 'CANCELLED' })
        .where(and(eq(paymentLinks.id, debit.linkId), eq(paymentLinks.status, 'ACTIVE')));
      // The due is back on the reminder ladder; the payer is told why, with a link to pay.
      const dueId = debit.dueId;
      if (dueId === null) return;
      const [due] = await tx
        .select({ status: dues.status, payer: payerPhoneOf })
        .from(dues)
        .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
        .where(eq(dues.id, dueId));
      if (!due || !isOpenDue(due.status)) return;
      const payer = await payerOf(tx, mandate);
      await inLocale(payer.language, async () => {
        const link = await deps.dueLinks.open(mandate.tutorId, due.payer, [dueId], { tx });
        if (!link.ok) return;
        await deps.textMessages.queue(
          {
            phone: payer.phone,
            template: 'autopayFailed',
            vars: {
              tutor: payer.tutor,
              amount: formatAmount(debit.amount),
              purpose: link.value.purpose,
              reason: debitFailureText(code),
              url: link.value.url,
            },
            language: payer.language,
          },
          tx,
          payer.channel,
        );
      });
    });
  }

  /**
   * The debit went through: an order for it, paid through the debit's link, settles the due as
   * any link payment does (D147), in one transaction with the debit's success. A due settled
   * another way meanwhile closed the link: the payment is then refunded in full (D112, D251).
   */
  async function succeeded(
    debit: MandateDebitRow,
    mandate: MandateRow,
    execution: GatewayExecution,
  ) {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(mandateDebits)
        .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.state, 'executing')))
        .for('update');
      if (!locked) return;
      const now = clock.now();
      const orderId = newOrderId();
      const same = execution.amount === locked.amount;
      await tx.insert(orders).values({
        id: orderId,
        payerId: mandate.payerId,
        payeeId: mandate.tutorId,
        baseAmount: execution.amount,
        fee: 0,
        charges: 0,
        total: execution.amount,
        paymentMethod: 'upi',
        settlementType: 'STANDARD',
        // A debit of another amount than notified (never expected) settles nothing and is
        // given back.
        paymentLinkId: same ? locked.linkId : null,
        status: 'ACTIVE',
        cfOrderId: execution.cfPaymentId,
        createdAt: now,
        updatedAt: now,
      });
      const outcome = await deps.applyGatewayState(tx, orderId, {
        payments: [
          {
            cfPaymentId: `subs_${execution.cfPaymentId ?? executionId(locked.id, locked.attempts)}`,
            orderId,
            status: 'SUCCESS',
            amount: execution.amount,
            group: 'upi',
            message: 'UPI Autopay',
            time: toIstIsoString(now),
            bankReference: null,
            errorCode: null,
          },
        ],
      });
      // D251: the due was paid another way meanwhile (its link ended, or D206: its dues no
      // longer take the debit): the refund says so in Autopay's words.
      if (
        outcome.refundedAutomatically === 'link_closed' ||
        outcome.refundedAutomatically === 'link_already_paid' ||
        outcome.refundedAutomatically === 'dues_changed'
      ) {
        await tx
          .update(refunds)
          .set({ cause: 'due_settled', reason: autopayTexts.refundReason })
          .where(eq(refunds.orderId, orderId));
      }
      if (!same) {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
        await refundAutomatically(tx, jobs, order!, 'due_settled', now);
        await tx
          .update(mandateDebits)
          .set({
            state: 'failed',
            failureCode: 'AMOUNT_MISMATCH',
            orderId,
            nextCheckAt: null,
            updatedAt: now,
          })
          .where(eq(mandateDebits.id, locked.id));
        return;
      }
      await tx
        .update(mandateDebits)
        .set({
          state: 'success',
          orderId,
          debitedAmount: execution.amount,
          cfPaymentId: execution.cfPaymentId,
          nextCheckAt: null,
          updatedAt: now,
        })
        .where(eq(mandateDebits.id, locked.id));
    });
  }

  /** Writes one due's debit under a lock on the due; false when it has one or owes nothing. */
  async function write(
    mandate: Pick<MandateRow, 'id' | 'tutorId' | 'maxAmount'>,
    dueId: number,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(dues)
        .where(and(eq(dues.id, dueId), inArray(dues.status, OPEN_DUE_STATUSES)))
        .for('update');
      if (!due) return false;
      const owed = due.amount - due.paid;
      if (owed <= 0 || owed > mandate.maxAmount) return false;
      const [taken] = await tx
        .select({ id: mandateDebits.id })
        .from(mandateDebits)
        .where(eq(mandateDebits.dueId, dueId));
      if (taken) return false;
      const now = clock.now();
      const link = await deps.paymentLinks.insert(tx, {
        payeeId: mandate.tutorId,
        amount: owed,
        purpose: await purposeOf(tx, dueId),
        // Never sent, nor offered again for these dues: the debit pays it.
        studentPhone: null,
        expiresAt: new Date(now.getTime() + DEBIT_LINK_DAYS * 24 * 60 * 60 * 1000),
      });
      await tx.insert(linkDues).values({ linkId: link.id, dueId });
      const id = newDebitId();
      await tx.insert(mandateDebits).values({
        id,
        mandateId: mandate.id,
        dueId,
        linkId: link.id,
        amount: owed,
        dueDate: due.dueDate,
        state: 'pending',
        nextCheckAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await jobs.send('debit-sync', { debitId: id }, { tx });
      return true;
    });
  }

  return {
    /**
     * The `autopay-run` job: a debit for every due of an ACTIVE mandate (all, or `mandateId`'s)
     * whose notice is due now and that has none (D247).
     */
    async run({ mandateId }: { mandateId?: string } = {}): Promise<{ written: number }> {
      const now = clock.now();
      const today = istDateKey(now);
      const candidates = await db
        .select({ dueId: dues.id, mandate: mandates })
        .from(dues)
        .innerJoin(
          mandates,
          and(eq(mandates.planId, dues.planId), eq(mandates.studentId, dues.studentId)),
        )
        .innerJoin(feePlans, eq(feePlans.id, dues.planId))
        .where(
          and(
            eq(mandates.status, 'ACTIVE'),
            gt(mandates.expiresAt, now),
            mandateId === undefined ? undefined : eq(mandates.id, mandateId),
            isNull(feePlans.endedAt),
            inArray(dues.status, OPEN_DUE_STATUSES),
            gt(dues.dueDate, today),
            lte(dues.dueDate, addIstDays(today, NOTICE_LEAD_DAYS)),
            lte(sql`${dues.amount} - ${dues.paid}`, mandates.maxAmount),
            notExists(
              db
                .select({ id: mandateDebits.id })
                .from(mandateDebits)
                .where(eq(mandateDebits.dueId, dues.id)),
            ),
          ),
        )
        .orderBy(asc(dues.dueDate), asc(dues.id))
        .limit(BATCH);
      let written = 0;
      for (const { dueId, mandate } of candidates) {
        if (!canAcceptPayments(await repo.gatewayStatusOf(mandate.tutorId))) continue;
        if (await write(mandate, dueId)) written += 1;
      }
      return { written };
    },

    /** The `debit-sync` job. */
    async sync(debitId: string): Promise<MandateDebitRow['state'] | null> {
      const [row] = await db
        .select({ debit: mandateDebits, mandate: mandates })
        .from(mandateDebits)
        .innerJoin(mandates, eq(mandates.id, mandateDebits.mandateId))
        .where(eq(mandateDebits.id, debitId));
      if (!row) return null;
      const { debit, mandate } = row;
      switch (debit.state) {
        case 'pending':
          await notify(debit, mandate);
          break;
        case 'notified':
          await execute(debit, mandate);
          break;
        case 'executing': {
          let execution: GatewayExecution;
          try {
            execution = await gateway.fetchExecution(
              debit.id,
              executionId(debit.id, debit.attempts),
            );
          } catch (error) {
            // It never got there (the process died between the claim and the call): ask again.
            if (error instanceof GatewayError && error.status === 404) {
              await ask(debit, mandate);
              break;
            }
            throw error;
          }
          await applyExecution(debit, mandate, execution);
          break;
        }
        case 'cancelled':
          if (debit.notifiedAt && !debit.cancelSentAt) {
            try {
              await gateway.cancelDebit(mandate.id, debit.id);
            } catch (error) {
              // Already final there (or the mandate is gone): nothing left to cancel.
              if (!isRefusal(error)) throw error;
            }
            await db
              .update(mandateDebits)
              .set({ cancelSentAt: clock.now() })
              .where(eq(mandateDebits.id, debit.id));
          }
          break;
        default:
          break;
      }
      const [after] = await db
        .select({ state: mandateDebits.state })
        .from(mandateDebits)
        .where(eq(mandateDebits.id, debitId));
      return after?.state ?? null;
    },

    /** D251, D253: a mandate left ACTIVE: its debits that have not run end (dues reminded). */
    async endWithMandate(tx: Database, mandateId: string): Promise<void> {
      const ended = await tx
        .update(mandateDebits)
        .set({ state: 'cancelled', nextCheckAt: null, updatedAt: clock.now() })
        .where(
          and(
            eq(mandateDebits.mandateId, mandateId),
            inArray(mandateDebits.state, ['pending', 'notified']),
          ),
        )
        .returning({
          id: mandateDebits.id,
          linkId: mandateDebits.linkId,
          notifiedAt: mandateDebits.notifiedAt,
        });
      if (ended.length === 0) return;
      await tx
        .update(paymentLinks)
        .set({ status: 'CANCELLED' })
        .where(
          and(
            inArray(
              paymentLinks.id,
              ended.map((d) => d.linkId),
            ),
            eq(paymentLinks.status, 'ACTIVE'),
          ),
        );
      for (const debit of ended) {
        if (debit.notifiedAt) await jobs.send('debit-sync', { debitId: debit.id }, { tx });
      }
    },

    /** The debits of these mandates, newest due first. */
    async ofMandates(mandateIds: string[]): Promise<MandateDebitRow[]> {
      if (mandateIds.length === 0) return [];
      return db
        .select()
        .from(mandateDebits)
        .where(inArray(mandateDebits.mandateId, mandateIds))
        .orderBy(sql`${mandateDebits.dueDate} desc`, sql`${mandateDebits.createdAt} desc`);
    },
  };
}

export type DebitService = ReturnType<typeof createDebitService>;

/** Dues under an Autopay on `day`, which the reminder ladder skips (D252, reminders.ts). */
export const underAutopay = (day: string): SQL =>
  sql`(${or(
    sql`exists (select 1 from ${mandateDebits} where ${mandateDebits.dueId} = ${dues.id} and ${mandateDebits.state} in (${sql.raw(LIVE_DEBIT_STATES.map((s) => `'${s}'`).join(', '))}))`,
    sql`(${dues.dueDate} > ${day} and exists (select 1 from ${mandates} where ${mandates.planId} = ${dues.planId} and ${mandates.studentId} = ${dues.studentId} and ${mandates.status} = 'ACTIVE' and ${dues.amount} - ${dues.paid} <= ${mandates.maxAmount}) and not exists (select 1 from ${mandateDebits} where ${mandateDebits.dueId} = ${dues.id}))`,
  )})`;
