// Refund requests (spec §2 terms, §9): a student asks within 24 hours of payment and before
// settlement (D5); the tutor who was paid approves or declines; an approved refund goes to the
// gateway's refund API for what the student paid, once.
//
// - Once: approving claims the request with a conditional UPDATE ... WHERE status = 'REQUESTED'
//   RETURNING, so a second approval (or a decline racing an approval) finds nothing to claim
//   and is a 409 that never reaches the gateway.
// - Never more than was paid: one refund per order (a unique index) for the order's total;
//   the gateway also refuses more than paid minus refunded.
// - The refund job (`sync`) re-reads a PENDING refund on a schedule until it is final (D111);
//   the gateway's refund webhook only brings that re-read forward (D330). Our refund id is the
//   gateway's refund_id, so when an approval's gateway call had no answer, sending it again is
//   safe (the gateway answers with the same refund).
import { coded } from '../../domain/texts';
import { tidyText } from '../../domain/validation';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '../../../openapi/schema';
import { apiMessages } from '../../domain/apiMessages';
import { automaticRefundReason } from '../../domain/refundReasons';
import { paiseToRupees } from '../../domain/money';
import { refundWindowVerdict } from '../../domain/refundWindow';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { mandateDebits, orders, refunds, users, type RefundRow, type UserRow } from '../db/schema';
import type { SubscriptionGateway } from '../gateway/subscriptions';
import {
  GatewayError,
  type GatewayRefund,
  type PaymentGateway,
  type RefundWebhook,
} from '../gateway/types';
import type { JobQueue } from '../jobs/queue';
import { displayName, shownPhone } from '../users';
import { newRefundId } from './ids';
import { offsetOf, pageOf, type PageRequest } from './pages';
import type { TaxDocuments } from './taxDocuments';
import { refuse, success, type Result } from './results';
import { SETTLEMENT_HOLIDAY_DATES } from './settlementHolidays';

export type Refund = components['schemas']['Refund'];
export type RefundSummary = components['schemas']['RefundSummary'];
type RefundPage = components['schemas']['RefundPage'];
type RefundStatus = components['schemas']['RefundStatus'];

/**
 * When the refund job next re-reads a PENDING refund decided at `decidedAt` (D111): soon at
 * first (the sandbox, and an instant refund, finish in seconds), then less often (a STANDARD
 * refund takes days at the bank).
 */
export function nextRefundCheck(decidedAt: Date, now: Date): Date {
  const age = now.getTime() - decidedAt.getTime();
  const MINUTE = 60 * 1000;
  const step =
    age < MINUTE
      ? 10_000
      : age < 10 * MINUTE
        ? MINUTE
        : age < 60 * MINUTE
          ? 5 * MINUTE
          : 30 * MINUTE;
  return new Date(now.getTime() + step);
}
/** What the gateway's refund carries as its note (the student's reason stays with us). */
const REFUND_NOTE = 'Tuition fee refund';

const students = alias(users, 'refund_student');
const tutors = alias(users, 'refund_tutor');

/** The gateway's status in ours: ONHOLD is still in progress, CANCELLED did not happen. */
function statusOf(remote: GatewayRefund): 'PENDING' | 'SUCCESS' | 'FAILED' {
  if (remote.status === 'SUCCESS') return 'SUCCESS';
  if (remote.status === 'FAILED' || remote.status === 'CANCELLED') return 'FAILED';
  return 'PENDING';
}

/** A refusal the gateway will give again (so the refund failed), not an outage. */
function isRefusal(error: unknown): error is GatewayError {
  return error instanceof GatewayError && [400, 404, 409, 422].includes(error.status ?? 0);
}

const validDate = (text: string | null): Date | null => {
  const date = text ? new Date(text) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** D112: the sentence of an automatic refund; null for a student's request. */
const automaticReason = (refund: RefundRow) =>
  refund.cause ? automaticRefundReason(refund.cause) : null;

export function summaryOf(refund: RefundRow): RefundSummary {
  return {
    id: refund.id,
    status: refund.status,
    amount: paiseToRupees(refund.amount),
    requested_at: refund.requestedAt.toISOString(),
    automatic_reason: automaticReason(refund),
  };
}

export interface RefundServiceDeps {
  db: Database;
  clock: Clock;
  gateway: PaymentGateway;
  jobs: Pick<JobQueue, 'send'>;
  /** Issue 49: an Autopay debit's payment is refunded through the Subscriptions API. */
  subscriptions?: Pick<SubscriptionGateway, 'createRefund' | 'fetchRefund'>;
  /** Issue 50: a refunded payment's credit notes, issued as the refund is marked SUCCESS. */
  taxDocuments: TaxDocuments;
}

export function createRefundService(deps: RefundServiceDeps) {
  const { db, clock, gateway } = deps;

  /** Refunds with what the API shows of them: the payment's time and both parties. */
  const select = (where: SQL | undefined) =>
    db
      .select({ refund: refunds, paidAt: orders.paidAt, student: students, tutor: tutors })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(students, eq(students.id, refunds.studentId))
      .innerJoin(tutors, eq(tutors.id, refunds.tutorId))
      .where(where);

  type Joined = { refund: RefundRow; paidAt: Date | null; student: UserRow; tutor: UserRow };

  const toApi = ({ refund, paidAt, student, tutor }: Joined): Refund => ({
    id: refund.id,
    order_id: refund.orderId,
    amount: paiseToRupees(refund.amount),
    reason: refund.reason,
    automatic_reason: automaticReason(refund),
    status: refund.status,
    requested_at: refund.requestedAt.toISOString(),
    decided_at: refund.decidedAt?.toISOString() ?? null,
    refunded_at: refund.refundedAt?.toISOString() ?? null,
    paid_at: (paidAt ?? refund.requestedAt).toISOString(),
    student: { id: student.id, name: displayName(student), phone: shownPhone(student) },
    tutor: { id: tutor.id, name: displayName(tutor), username: tutor.username },
  });

  const findJoined = async (id: string): Promise<Joined | undefined> => {
    const [row] = await select(eq(refunds.id, id)).limit(1);
    return row;
  };

  /** Takes what the gateway says of a PENDING refund; a decided one never moves back. */
  const applyRemote = async (refund: RefundRow, remote: GatewayRefund): Promise<RefundRow> => {
    const now = clock.now();
    const status = statusOf(remote);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(refunds)
        .set({
          status,
          cfRefundId: remote.cfRefundId,
          refundedAt: status === 'SUCCESS' ? (validDate(remote.processedAt) ?? now) : null,
          failureReason: status === 'FAILED' ? (remote.statusDescription ?? remote.status) : null,
          nextCheckAt: status === 'PENDING' ? nextRefundCheck(refund.decidedAt ?? now, now) : null,
          updatedAt: now,
        })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'PENDING')))
        .returning();
      if (row?.status === 'SUCCESS') {
        // D265: the refund's credit notes, with the change that makes it final (once: only the
        // update that moved it from PENDING gets here).
        const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
        if (order) await deps.taxDocuments.issueCreditNotes(tx, row, order, row.refundedAt ?? now);
      }
      return row ?? refund;
    });
  };

  /** Issue 49: the debit (subscription and payment ids) an order was an Autopay debit of. */
  const debitOf = async (orderId: string) => {
    const [debit] = await db
      .select({ subscriptionId: mandateDebits.mandateId, paymentId: mandateDebits.id })
      .from(mandateDebits)
      .where(eq(mandateDebits.orderId, orderId))
      .limit(1);
    return debit;
  };

  /** Sends the refund to the gateway (again, if need be: the same refund_id is one refund). */
  const sendToGateway = async (refund: RefundRow) => {
    const debit = deps.subscriptions ? await debitOf(refund.orderId) : undefined;
    if (debit && deps.subscriptions) {
      return deps.subscriptions.createRefund({
        ...debit,
        refundId: refund.id,
        amount: refund.amount,
        note: REFUND_NOTE,
      });
    }
    return gateway.createRefund({
      orderId: refund.orderId,
      refundId: refund.id,
      amount: refund.amount,
      note: REFUND_NOTE,
    });
  };

  /** A PENDING refund as the gateway knows it now; one it never received is sent again. */
  const reread = async (refund: RefundRow): Promise<RefundRow> => {
    let remote: GatewayRefund;
    try {
      const debit = deps.subscriptions ? await debitOf(refund.orderId) : undefined;
      remote =
        debit && deps.subscriptions
          ? await deps.subscriptions.fetchRefund(debit.subscriptionId, refund.id)
          : await gateway.fetchRefund(refund.orderId, refund.id);
    } catch (error) {
      if (!(error instanceof GatewayError && error.status === 404)) throw error;
      remote = await sendToGateway(refund);
    }
    return applyRemote(refund, remote);
  };

  /** A refund on one of the tutor's payments; anyone else's is not found. */
  const tutorsRefund = async (
    caller: UserRow,
    id: string,
  ): Promise<Result<RefundRow, 403 | 404>> => {
    if (caller.role !== 'teacher') return refuse(403, coded(apiMessages).refunds.onlyTutors);
    const [row] = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, id), eq(refunds.tutorId, caller.id)))
      .limit(1);
    return row ? success(row) : refuse(404, coded(apiMessages).refunds.notFound);
  };

  /** Claims a REQUESTED refund for a decision; null when it was decided before. */
  const claim = async (row: RefundRow, status: 'PENDING' | 'DECLINED') => {
    const now = clock.now();
    const [claimed] = await db
      .update(refunds)
      .set({
        status,
        decidedAt: now,
        updatedAt: now,
        ...(status === 'PENDING' ? { gatewayRefundId: row.id, nextCheckAt: now } : {}),
      })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, 'REQUESTED')))
      .returning();
    return claimed ?? null;
  };

  /** The answer to deciding a refund that was decided before (or just now, concurrently). */
  const alreadyDecided = async (id: string): Promise<Result<never, 409>> => {
    const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
    return refuse(
      409,
      row?.status === 'DECLINED'
        ? coded(apiMessages).refunds.alreadyDeclined
        : coded(apiMessages).refunds.alreadyApproved,
    );
  };

  const answer = async (id: string): Promise<Refund> => {
    const joined = await findJoined(id);
    if (!joined) throw new Error(`refunds: ${id} vanished`);
    return toApi(joined);
  };

  return {
    /**
     * The `refund-sync` job: a PENDING refund is sent to the gateway (again, if it never got
     * there: the same refund_id is one refund) or re-read, until it is final. A refusal the
     * gateway will give again makes it FAILED; an outage throws, and the job is retried.
     */
    async sync(refundId: string): Promise<RefundRow | null> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
      if (!row || row.status !== 'PENDING') return row ?? null;
      try {
        return await reread(row);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        const [failed] = await db
          .update(refunds)
          .set({
            status: 'FAILED',
            failureReason: error.code ?? error.message,
            nextCheckAt: null,
            updatedAt: clock.now(),
          })
          .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')))
          .returning();
        return failed ?? row;
      }
    },

    /**
     * D330: the gateway's refund webhook. For a refund of ours it queues the `refund-sync` job
     * (keyed by the refund, so a repeat delivery or the sweep's own send is the same job),
     * which re-reads the refund rather than trusting the event's status.
     */
    async receiveWebhook(event: RefundWebhook): Promise<{ result: 'queued' | 'ignored' }> {
      const refundId = event.refund.refundId;
      const [row] = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(eq(refunds.id, refundId))
        .limit(1);
      if (!row) return { result: 'ignored' };
      await deps.jobs.send('refund-sync', { refundId: row.id });
      return { result: 'queued' };
    },

    /** The refund of each of these orders that has one. */
    async ofOrders(orderIds: string[]): Promise<RefundRow[]> {
      if (orderIds.length === 0) return [];
      return db.select().from(refunds).where(inArray(refunds.orderId, orderIds));
    },

    /** `POST payments/refunds/`: the student's request for one of their PAID orders. */
    async request(
      caller: UserRow,
      input: { order_id: string; reason: string },
    ): Promise<Result<Refund, 400 | 403 | 404 | 409>> {
      if (caller.role !== 'student') return refuse(403, coded(apiMessages).refunds.onlyStudents);
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, input.order_id), eq(orders.payerId, caller.id)))
        .limit(1);
      if (!order) return refuse(404, coded(apiMessages).refunds.orderNotFound);
      if (order.status !== 'PAID' || !order.paidAt)
        return refuse(409, coded(apiMessages).refunds.notPaid);
      const [existing] = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(eq(refunds.orderId, order.id))
        .limit(1);
      if (existing) return refuse(409, coded(apiMessages).refunds.alreadyRequested);
      const now = clock.now();
      const verdict = refundWindowVerdict(order.paidAt, now, SETTLEMENT_HOLIDAY_DATES);
      if (!verdict.ok) {
        return refuse(
          400,
          verdict.reason === 'settled'
            ? coded(apiMessages).refunds.settled
            : coded(apiMessages).refunds.windowPassed,
        );
      }
      const reason = tidyText(input.reason);
      if (reason === '') return refuse(400, coded(apiMessages).refunds.reasonRequired);
      const [created] = await db
        .insert(refunds)
        .values({
          id: newRefundId(),
          orderId: order.id,
          studentId: caller.id,
          tutorId: order.payeeId,
          // What the student paid, fee and charges included: never more.
          amount: order.total,
          reason,
          status: 'REQUESTED',
          requestedAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: refunds.orderId })
        .returning({ id: refunds.id });
      if (!created) return refuse(409, coded(apiMessages).refunds.alreadyRequested);
      return success(await answer(created.id));
    },

    /** `GET payments/refunds/`: a student's own requests, or those on a tutor's payments. */
    async list(
      caller: UserRow,
      query: PageRequest & { status?: RefundStatus },
    ): Promise<RefundPage> {
      const where = and(
        caller.role === 'student'
          ? eq(refunds.studentId, caller.id)
          : eq(refunds.tutorId, caller.id),
        query.status ? eq(refunds.status, query.status) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(refunds).where(where);
      const rows = await select(where)
        .orderBy(desc(refunds.requestedAt), desc(refunds.id))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return pageOf(rows.map(toApi), Number(total?.n ?? 0), query);
    },

    /**
     * `POST payments/refunds/{id}/approve/`: claimed once, then sent to the gateway. When the
     * gateway does not answer the refund stays PENDING (re-sent when next listed); when it
     * refuses, the refund is FAILED and the answer a 502.
     */
    async approve(
      caller: UserRow,
      id: string,
    ): Promise<Result<{ refund: Refund; gatewayError: unknown }, 403 | 404 | 409 | 502>> {
      const found = await tutorsRefund(caller, id);
      if (!found.ok) return found;
      const claimed = await claim(found.value, 'PENDING');
      if (!claimed) return alreadyDecided(id);
      try {
        await applyRemote(claimed, await sendToGateway(claimed));
        return success({ refund: await answer(id), gatewayError: null });
      } catch (error) {
        if (!isRefusal(error)) return success({ refund: await answer(id), gatewayError: error });
        await db
          .update(refunds)
          .set({
            status: 'FAILED',
            failureReason: error.code ?? error.message,
            nextCheckAt: null,
            updatedAt: clock.now(),
          })
          .where(and(eq(refunds.id, id), eq(refunds.status, 'PENDING')));
        return { ...refuse(502, coded(apiMessages).refunds.gatewayRefused), cause: error };
      }
    },

    /** `POST payments/refunds/{id}/decline/`. */
    async decline(caller: UserRow, id: string): Promise<Result<Refund, 403 | 404 | 409>> {
      const found = await tutorsRefund(caller, id);
      if (!found.ok) return found;
      const claimed = await claim(found.value, 'DECLINED');
      if (!claimed) return alreadyDecided(id);
      return success(await answer(id));
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
