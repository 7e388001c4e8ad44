// Payment orders (D6, D9, D10, D11, D19, D20, D32, D33) and what the gateway reports about
// them (re-reads and webhooks, D7). Money is integer paise throughout; rupees only in replies.
//
// Exactly one gateway order per intended payment:
// - `Idempotency-Key`: a row per (caller, key) holds the request's fingerprint and, once
//   answered, the reply; the same key replays it, another body is a 409.
// - No key (a double click): the caller's latest ACTIVE order with identical terms made in the
//   last REUSE_WINDOW_MS and not paid is answered again. The check and the insert of a new
//   order run under a per-payer advisory lock, and the order row exists (without a payment
//   session) before the gateway is called, so a second click waits for the first click's
//   gateway order instead of creating another. No transaction is held across the gateway call.
import { createHash } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { acceptanceVerdict } from '../../domain/acceptanceLimit';
import {
  ACCEPTANCE_LIMIT_PAISE,
  DEFAULT_BASE_RATE,
  PAISE_PER_RUPEE,
  type PaymentMethod,
} from '../../domain/constants';
import { computeBreakup, isTotalConsistent } from '../../domain/fees';
import { messages } from '../../domain/messages';
import { apiMessages } from '../../domain/apiMessages';
import { paiseToRupees, rupeesToPaiseOrNull, type Paise } from '../../domain/money';
import { bookingWindow } from '../../domain/schedule';
import type { OrderStatus, PaymentStatus } from '../../domain/statuses';
import { amountError } from '../../domain/validation';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  bankAccounts,
  idempotencyKeys,
  orders,
  paymentAttempts,
  paymentLinks,
  refunds,
  schedules,
  webhookReceipts,
  type OrderRow,
  type RefundCause,
  type UserRow,
} from '../db/schema';
import {
  GatewayError,
  type GatewayPayment,
  type PaymentGateway,
  type PaymentWebhook,
} from '../gateway/types';
import { displayName, type UserRepository } from '../users';
import type { JobQueue } from '../jobs/queue';
import { heldAgainstCap, keptByTutor, lockCap } from './acceptanceCap';
import { refundAutomatically } from './automaticRefunds';
import { newOrderId } from './ids';
import { paymentLinkStatus } from './paymentLinks';
import { nextCheckAfter, type ReconcileTiming } from './reconcileSchedule';
import { summaryOf } from './refunds';
import { refuse, success, type Refusal, type Result } from './results';

export type OrderCreated = components['schemas']['OrderCreated'];
export type OrderDetails = components['schemas']['OrderDetails'];

/** The platform fee rate the server charges (D9); published by `GET payments/pg/`. */
export const BASE_RATE = DEFAULT_BASE_RATE;
/** A double click within this window gets the same order. */
export const REUSE_WINDOW_MS = 2 * 60 * 1000;
/** Idempotency keys are remembered this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a second request waits for a first one's gateway order ... */
const WAIT_FOR_FIRST_MS = 15_000;
const WAIT_STEP_MS = 100;
/** ... and after how long an unanswered first request is taken for dead. */
const IN_FLIGHT_STALE_MS = 60_000;

export interface OrderInput {
  amount: number;
  base_amount: number;
  payer_id: number;
  payee_id: number;
  payment_method: PaymentMethod;
  settlement_type: 'STANDARD';
  payment_link_id?: string;
  book_session?: boolean;
}

export interface OrderServiceDeps {
  db: Database;
  clock: Clock;
  gateway: PaymentGateway;
  jobs: Pick<JobQueue, 'send'>;
  /** D111: when an open order is first re-read, and when its checkout ends at the gateway. */
  reconcile: ReconcileTiming;
  users: UserRepository;
  publicOrigin: string;
  apiPrefix?: string;
}

type CreateStatus = 400 | 403 | 404 | 409 | 502;

const ORDER_RANK: Record<OrderStatus, number> = {
  ACTIVE: 0,
  TERMINATION_REQUESTED: 1,
  EXPIRED: 2,
  TERMINATED: 2,
  PAID: 3,
};
const PAYMENT_RANK: Record<PaymentStatus, number> = {
  NOT_ATTEMPTED: 0,
  PENDING: 1,
  FAILED: 2,
  USER_DROPPED: 2,
  VOID: 2,
  CANCELLED: 2,
  SUCCESS: 3,
};

const OPEN_STATUSES: OrderStatus[] = ['ACTIVE', 'TERMINATION_REQUESTED'];
const isOpen = (order: Pick<OrderRow, 'status'>) => OPEN_STATUSES.includes(order.status);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const refused = <S extends 400 | 409>(status: S, reason: string) =>
  refuse(status, apiMessages.orders.refused(reason));

/** A stable fingerprint of a request body: keys sorted, `book_session` absent = false. */
function fingerprint(input: OrderInput): string {
  const normal = { ...input, book_session: input.book_session === true };
  const sorted = Object.fromEntries(Object.entries(normal).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/** The OrderCreated reply of an order whose gateway order exists. */
function createdReply(order: OrderRow): OrderCreated {
  return {
    id: order.id,
    payment_session_id: order.paymentSessionId ?? '',
    order_status: order.status,
    amount: paiseToRupees(order.total),
    base_amount: paiseToRupees(order.baseAmount),
    fee: paiseToRupees(order.fee),
    charges: paiseToRupees(order.charges),
    payment_method: order.paymentMethod,
  };
}

export interface GatewayStateOutcome {
  /** The order is PAID now and was not before. */
  becamePaid: boolean;
  /** A SUCCESS whose amount is not the order's total (never marks PAID; worth a look). */
  amountMismatch: boolean;
  /** D112: the payment must not be kept (a link paid already or closed, over the cap). */
  refundedAutomatically: RefundCause | null;
}

/** What ending a closed link's open checkout did (D19), for the log. */
export interface LinkCheckoutEnded {
  orderId: string;
  /** Our order's status afterwards: TERMINATED, TERMINATION_REQUESTED, PAID or still ACTIVE. */
  status: OrderStatus;
  /** The gateway failed: the order stays open for the reconcile job. */
  error: unknown;
}

export function createOrderService(deps: OrderServiceDeps) {
  const { db, clock, gateway, jobs, users: repo, publicOrigin } = deps;
  const apiPrefix = deps.apiPrefix ?? '/api/v1';

  const findOrder = async (id: string, executor: Database = db) => {
    const [row] = await executor.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row;
  };

  type Checked = { payee: UserRow; total: Paise; base: Paise; capped: boolean };

  /** Every refusal that needs no write, in the order a student would want to hear them. */
  const check = async (
    caller: UserRow,
    input: OrderInput,
  ): Promise<Result<Checked, CreateStatus>> => {
    if (caller.role !== 'student') return refuse(403, apiMessages.orders.onlyStudents);
    if (input.payer_id !== caller.id) return refuse(403, apiMessages.orders.payerNotCaller);
    if (!caller.pan || !caller.firstName || !caller.lastName) {
      return refused(400, apiMessages.orders.profileIncomplete);
    }
    const payee = await repo.findById(input.payee_id);
    if (!payee) return refuse(404, apiMessages.orders.payeeNotFound);
    if (payee.role !== 'teacher') return refused(400, messages.roles.payeeIsStudent);

    const base = input.base_amount * PAISE_PER_RUPEE;
    const baseError = Number.isSafeInteger(base)
      ? amountError(base)
      : messages.validation.amountMax;
    if (baseError) return refused(400, baseError);
    const status = await repo.gatewayStatusOf(payee.id);
    const notOnboarded = acceptanceVerdict(status, 0, base);
    if (!notOnboarded.ok && notOnboarded.reason === 'not-onboarded') {
      return refused(400, notOnboarded.message);
    }

    if (input.payment_link_id !== undefined) {
      const [link] = await db
        .select()
        .from(paymentLinks)
        .where(eq(paymentLinks.id, input.payment_link_id))
        .limit(1);
      if (!link) return refuse(404, apiMessages.orders.linkNotFound);
      const linkStatus = paymentLinkStatus(link, clock.now());
      if (linkStatus === 'PAID') return refused(409, apiMessages.orders.linkPaid);
      if (linkStatus === 'EXPIRED') return refused(409, apiMessages.orders.linkExpired);
      if (linkStatus !== 'ACTIVE') return refused(409, apiMessages.orders.linkCancelled);
      if (link.payeeId !== payee.id) return refused(409, apiMessages.orders.linkOtherTutor);
      if (link.amount !== base) return refused(409, apiMessages.orders.linkOtherAmount);
      if (link.studentPhone !== null && link.studentPhone !== caller.phone) {
        return refused(409, apiMessages.orders.linkOtherStudent);
      }
    }

    const total = rupeesToPaiseOrNull(input.amount);
    if (total === null || !isTotalConsistent(total, base, input.payment_method, BASE_RATE)) {
      return refused(400, apiMessages.orders.totalChanged);
    }
    // A first look without the lock; the decision is taken under it (reuseOrInsert).
    const capped = status === 'MIN_KYC_APPROVED';
    const held = capped ? await heldAgainstCap(db, payee.id, clock.now()) : 0;
    const verdict = acceptanceVerdict(status, held, base);
    if (!verdict.ok) return refused(400, verdict.message);
    return success({ payee, total, base, capped });
  };

  /**
   * Under the payer's lock: the reusable order with these terms, or a new order row (not yet
   * on the gateway) that this request now owns.
   */
  const reuseOrInsert = async (
    caller: UserRow,
    input: OrderInput,
    { base, capped }: Pick<Checked, 'base' | 'capped'>,
  ): Promise<{ order: OrderRow; owned: boolean } | { refusal: Refusal<400> }> => {
    const now = clock.now();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${caller.id}`}))`);
      const [recent] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.payerId, caller.id),
            eq(orders.payeeId, input.payee_id),
            eq(orders.baseAmount, base),
            eq(orders.paymentMethod, input.payment_method),
            input.payment_link_id === undefined
              ? isNull(orders.paymentLinkId)
              : eq(orders.paymentLinkId, input.payment_link_id),
            eq(orders.bookSession, input.book_session === true),
            eq(orders.status, 'ACTIVE'),
            gte(orders.createdAt, new Date(now.getTime() - REUSE_WINDOW_MS)),
            // An order still without a session is someone's gateway call in flight, unless
            // that request died long ago.
            or(
              isNotNull(orders.paymentSessionId),
              gte(orders.createdAt, new Date(now.getTime() - IN_FLIGHT_STALE_MS)),
            ),
            sql`not exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderId} = ${orders.id} and ${paymentAttempts.status} = 'SUCCESS')`,
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      if (recent) return { order: recent, owned: false };
      if (capped) {
        // D109: the cap counts this order from now on, so the check and the insert are one
        // step for every order to this tutor.
        await lockCap(tx, input.payee_id);
        const held = await heldAgainstCap(tx, input.payee_id, now);
        const verdict = acceptanceVerdict('MIN_KYC_APPROVED', held, base);
        if (!verdict.ok) return { refusal: refused(400, verdict.message) };
      }
      const breakup = computeBreakup({
        amount: base,
        method: input.payment_method,
        baseRate: BASE_RATE,
      });
      const [order] = await tx
        .insert(orders)
        .values({
          id: newOrderId(),
          payerId: caller.id,
          payeeId: input.payee_id,
          baseAmount: breakup.amount,
          fee: breakup.fee,
          charges: breakup.charges,
          total: breakup.total,
          paymentMethod: input.payment_method,
          settlementType: input.settlement_type,
          paymentLinkId: input.payment_link_id ?? null,
          bookSession: input.book_session === true,
          status: 'ACTIVE',
          nextCheckAt: nextCheckAfter(deps.reconcile, now, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!order) throw new Error('createOrder: the order was not inserted');
      return { order, owned: true };
    });
  };

  /** Waits for another request's gateway order: the order, or null if that request failed. */
  const waitForSession = async (orderId: string): Promise<OrderRow | null> => {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const order = await findOrder(orderId);
      if (!order) return null;
      if (order.paymentSessionId !== null) return order;
      if (Date.now() >= deadline) return order;
      await sleep(WAIT_STEP_MS);
    }
  };

  /** Creates the gateway order of an order row this request owns; removes the row on failure. */
  const openOnGateway = async (
    order: OrderRow,
    payer: UserRow,
    payee: UserRow,
  ): Promise<Result<OrderRow, 502>> => {
    try {
      const created = await gateway.createOrder({
        orderId: order.id,
        amount: order.total,
        customer: { id: `user_${payer.id}`, phone: payer.phone, name: displayName(payer) },
        paymentMethod: order.paymentMethod,
        returnUrl: `${publicOrigin}/pay/redirect?order_id={order_id}`,
        notifyUrl: `${publicOrigin}${apiPrefix}/payments/pg/webhook/`,
        note: `Tuition fee for ${displayName(payee)}`,
        tags: { payee_id: String(payee.id), base_amount: String(order.baseAmount) },
        idempotencyKey: order.id,
        expiresAt: new Date(order.createdAt.getTime() + deps.reconcile.orderExpiryMs),
      });
      const now = clock.now();
      const window = bookingWindow(now);
      const opened = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({
            cfOrderId: created.cfOrderId,
            paymentSessionId: created.paymentSessionId,
            gatewayExpiresAt: created.expiresAt ? new Date(created.expiresAt) : null,
            updatedAt: now,
          })
          .where(eq(orders.id, order.id))
          .returning();
        if (row && order.bookSession) {
          // D20: the session is booked with the order.
          await tx.insert(schedules).values({
            subject: window.subject,
            title: window.title,
            teacherId: order.payeeId,
            studentId: order.payerId,
            amount: order.baseAmount,
            starttime: window.starttime,
            endtime: window.endtime,
            orderId: order.id,
            createdAt: now,
          });
        }
        return row;
      });
      if (!opened) throw new Error('createOrder: the order vanished');
      return success(opened);
    } catch (error) {
      await db.delete(orders).where(and(eq(orders.id, order.id), isNull(orders.paymentSessionId)));
      return { ...refuse(502, messages.generic.somethingWrong), cause: error };
    }
  };

  /** The order for this request (reused, waited for or created); no idempotency here. */
  const obtain = async (
    caller: UserRow,
    input: OrderInput,
  ): Promise<Result<OrderRow, CreateStatus>> => {
    const checked = await check(caller, input);
    if (!checked.ok) return checked;
    // A first click that failed at the gateway leaves no row: then this one tries itself.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const obtained = await reuseOrInsert(caller, input, checked.value);
      if ('refusal' in obtained) return obtained.refusal;
      const { order, owned } = obtained;
      if (owned) return openOnGateway(order, caller, checked.value.payee);
      if (order.paymentSessionId !== null) return success(order);
      const waited = await waitForSession(order.id);
      if (waited?.paymentSessionId) return success(waited);
      if (waited) return refuse(409, apiMessages.orders.idempotencyInFlight);
    }
    return refuse(409, apiMessages.orders.idempotencyInFlight);
  };

  type Claim =
    | { kind: 'claimed'; rowId: number }
    | { kind: 'replay'; reply: OrderCreated }
    | { kind: 'refused'; refusal: Refusal<409> };

  /** D32: claims `key` for this request, or tells how an earlier request with it ended. */
  const claimKey = async (caller: UserRow, key: string, hash: string): Promise<Claim> => {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const now = clock.now();
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, caller.id),
            lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
          ),
        );
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ userId: caller.id, key, requestHash: hash, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (claimed) return { kind: 'claimed', rowId: claimed.id };
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, caller.id), eq(idempotencyKeys.key, key)))
        .limit(1);
      if (!row) continue; // answered with a refusal and released meanwhile: claim it now
      if (row.requestHash !== hash) {
        return { kind: 'refused', refusal: refused(409, apiMessages.orders.idempotencyMismatch) };
      }
      if (row.response !== null) return { kind: 'replay', reply: row.response as OrderCreated };
      if (now.getTime() - row.createdAt.getTime() > IN_FLIGHT_STALE_MS) {
        // Its request died without answering: release the key and claim it again.
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
        continue;
      }
      if (Date.now() >= deadline) {
        return { kind: 'refused', refusal: refuse(409, apiMessages.orders.idempotencyInFlight) };
      }
      await sleep(WAIT_STEP_MS);
    }
  };

  /**
   * Moves an order forward with what the gateway reports (never back, D7): records each
   * payment attempt, marks the order PAID on a SUCCESS of its total (or when the gateway says
   * PAID), and a paid order's payment link PAID (D19). Runs in `tx` with the order locked.
   */
  const applyGatewayState = async (
    tx: Database,
    orderId: string,
    report: { orderStatus?: OrderStatus; payments: GatewayPayment[] },
  ): Promise<GatewayStateOutcome> => {
    const outcome: GatewayStateOutcome = {
      becamePaid: false,
      amountMismatch: false,
      refundedAutomatically: null,
    };
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
      .limit(1);
    if (!order) return outcome;
    const now = clock.now();
    let status: OrderStatus = order.status;
    let paidAt: Date | null = order.paidAt;
    for (const payment of report.payments) {
      const paymentTime = payment.time ? new Date(payment.time) : null;
      const validTime = paymentTime && !Number.isNaN(paymentTime.getTime()) ? paymentTime : null;
      const [known] = await tx
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.cfPaymentId, payment.cfPaymentId))
        .limit(1);
      const fields = {
        status: payment.status,
        amount: payment.amount,
        paymentGroup: payment.group,
        message: payment.message,
        paymentTime: validTime,
        bankReference: payment.bankReference,
        errorCode: payment.errorCode,
        updatedAt: now,
      };
      if (!known) {
        await tx
          .insert(paymentAttempts)
          .values({ cfPaymentId: payment.cfPaymentId, orderId, createdAt: now, ...fields });
      } else if (
        known.orderId === orderId &&
        PAYMENT_RANK[payment.status] > (PAYMENT_RANK[known.status as PaymentStatus] ?? 0)
      ) {
        await tx.update(paymentAttempts).set(fields).where(eq(paymentAttempts.id, known.id));
      }
      if (payment.status === 'SUCCESS') {
        if (payment.amount === order.total) {
          status = 'PAID';
          paidAt ??= validTime ?? now;
        } else {
          outcome.amountMismatch = true;
        }
      }
    }
    if (report.orderStatus && ORDER_RANK[report.orderStatus] > ORDER_RANK[status]) {
      status = report.orderStatus;
      if (status === 'PAID') paidAt ??= now;
    }
    if (status === order.status) return outcome;
    const open = status === 'ACTIVE' || status === 'TERMINATION_REQUESTED';
    await tx
      .update(orders)
      .set({ status, paidAt, updatedAt: now, ...(open ? {} : { nextCheckAt: null }) })
      .where(eq(orders.id, orderId));
    if (status === 'PAID') {
      outcome.becamePaid = true;
      outcome.refundedAutomatically = await settlePaid(tx, order, paidAt ?? now, now);
    }
    return outcome;
  };

  /**
   * D112: what a payment just taken means for its link and for the tutor's cap. The first
   * payment of an ACTIVE link pays it and ends its other checkouts (a job); a payment the
   * platform must not keep is refunded in full (a job). Runs in the PAID transition's `tx`.
   */
  const settlePaid = async (
    tx: Database,
    order: OrderRow,
    paidAt: Date,
    now: Date,
  ): Promise<RefundCause | null> => {
    let cause: RefundCause | null = null;
    const linkId = order.paymentLinkId;
    if (linkId) {
      const [paid] = await tx
        .update(paymentLinks)
        .set({ status: 'PAID', orderId: order.id, paidAt })
        .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.status, 'ACTIVE')))
        .returning({ id: paymentLinks.id });
      if (paid) {
        await jobs.send('link-close', { linkId }, { tx });
      } else {
        const [link] = await tx
          .select({ status: paymentLinks.status })
          .from(paymentLinks)
          .where(eq(paymentLinks.id, linkId))
          .limit(1);
        cause = link?.status === 'PAID' ? 'link_already_paid' : 'link_closed';
      }
    }
    if (!cause && (await repo.gatewayStatusOf(order.payeeId, tx)) === 'MIN_KYC_APPROVED') {
      // Paid orders of this tutor settle one at a time, so two cannot both fit the cap.
      await lockCap(tx, order.payeeId);
      if ((await keptByTutor(tx, order.payeeId)) > ACCEPTANCE_LIMIT_PAISE) cause = 'over_cap';
    }
    if (cause) await refundAutomatically(tx, jobs, order, cause, now);
    return cause;
  };

  /** Applies what the gateway holds now of an order (its status and payments). */
  const reread = async (orderId: string) => {
    const [remote, payments] = await Promise.all([
      gateway.fetchOrder(orderId),
      gateway.fetchPayments(orderId),
    ]);
    const outcome = await db.transaction((tx) =>
      applyGatewayState(tx, orderId, { orderStatus: remote.status, payments }),
    );
    return { remote, outcome };
  };

  /** Ends one open checkout at the gateway; what the gateway then holds is applied. */
  const endCheckout = async (id: string): Promise<LinkCheckoutEnded> => {
    let error: unknown = null;
    try {
      const remote = await gateway.terminateOrder(id);
      await db.transaction((tx) =>
        applyGatewayState(tx, id, { orderStatus: remote.status, payments: [] }),
      );
    } catch (terminateError) {
      error = terminateError;
      // The gateway refused (e.g. already PAID): what it holds decides. One that did not
      // answer is left to the reconcile job.
      if (terminateError instanceof GatewayError && terminateError.status !== null) {
        try {
          const { remote } = await reread(id);
          if (remote.status !== 'ACTIVE') error = null;
        } catch {
          // The refusal stays the error to report.
        }
      }
    }
    const status = (await findOrder(id))?.status ?? 'ACTIVE';
    return { orderId: id, status, error };
  };

  const detailsOf = async (order: OrderRow): Promise<OrderDetails> => {
    const payee = await repo.findById(order.payeeId);
    const [account] = await db
      .select({ masked: bankAccounts.accountNumberMasked })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, order.payeeId), eq(bankAccounts.verified, true)))
      .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id))
      .limit(1);
    const attempts = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order.id))
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id));
    // The latest attempt, except that a success is what the status page must show.
    const latest = attempts.find((a) => a.status === 'SUCCESS') ?? attempts[0];
    const [schedule] = await db
      .select({ starttime: schedules.starttime, endtime: schedules.endtime })
      .from(schedules)
      .where(eq(schedules.orderId, order.id))
      .limit(1);
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id)).limit(1);
    return {
      id: order.id,
      order: { status: order.status, amount: paiseToRupees(order.total) },
      base_amount: paiseToRupees(order.baseAmount),
      fee: paiseToRupees(order.fee),
      charges: paiseToRupees(order.charges),
      payment_method: order.paymentMethod,
      payee_name: payee ? displayName(payee) : '',
      payee_phone: payee?.phone ?? '',
      masked_account_number: account?.masked ?? null,
      latest_payment_id: latest?.cfPaymentId ?? null,
      latest_payment_status: (latest?.status as PaymentStatus | undefined) ?? null,
      payment_time: latest?.paymentTime?.toISOString() ?? null,
      created_at: order.createdAt.toISOString(),
      schedule: schedule
        ? { starttime: schedule.starttime.toISOString(), endtime: schedule.endtime.toISOString() }
        : null,
      refund: refund ? summaryOf(refund) : null,
    };
  };

  return {
    /** D10, D45: what the tutor has kept of the limit (the dashboard shows it). */
    paidSoFar: (payeeId: number) => keptByTutor(db, payeeId),

    /** `POST payments/pg/order/`. */
    async create(
      caller: UserRow,
      input: OrderInput,
      idempotencyKey: string | undefined,
    ): Promise<Result<OrderCreated, CreateStatus>> {
      if (idempotencyKey === undefined) {
        const result = await obtain(caller, input);
        return result.ok ? success(createdReply(result.value)) : result;
      }
      // Role checks first: a key must not tell a tutor anything about a student's orders.
      if (caller.role !== 'student') return refuse(403, apiMessages.orders.onlyStudents);
      const claim = await claimKey(caller, idempotencyKey, fingerprint(input));
      if (claim.kind === 'replay') return success(claim.reply);
      if (claim.kind === 'refused') return claim.refusal;
      let result: Result<OrderRow, CreateStatus>;
      try {
        result = await obtain(caller, input);
      } catch (error) {
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claim.rowId));
        throw error;
      }
      if (!result.ok) {
        // A refusal is not remembered: fixing the problem and retrying with the key works.
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claim.rowId));
        return result;
      }
      const reply = createdReply(result.value);
      await db
        .update(idempotencyKeys)
        .set({ orderId: result.value.id, response: reply })
        .where(eq(idempotencyKeys.id, claim.rowId));
      return success(reply);
    },

    /**
     * `GET payments/pg/order/{id}/`: only the payer or the payee (else 404). An ACTIVE order
     * is re-read from the gateway first; if the gateway fails, what we know is answered
     * (the status page keeps checking) and `refreshError` says why, for the log.
     */
    async get(
      caller: UserRow,
      orderId: string,
    ): Promise<Result<{ details: OrderDetails; refreshError: unknown }, 404>> {
      let order = await findOrder(orderId);
      if (!order || (order.payerId !== caller.id && order.payeeId !== caller.id)) {
        return refuse(404, apiMessages.orders.notFound);
      }
      let refreshError: unknown = null;
      // TERMINATION_REQUESTED (a cancelled link's checkout) waits for the gateway's word too.
      const open = order.status === 'ACTIVE' || order.status === 'TERMINATION_REQUESTED';
      if (open && order.paymentSessionId !== null) {
        try {
          await reread(orderId);
          order = (await findOrder(orderId)) ?? order;
        } catch (error) {
          refreshError = error;
        }
      }
      return success({ details: await detailsOf(order), refreshError });
    },

    /**
     * The `link-close` job (D19, D112): the checkouts still open for a link that can no longer
     * be paid (paid, cancelled or expired) are ended at the gateway, so no second payment can
     * land. An order the gateway reports PAID instead (a payment raced us) is recorded PAID,
     * which refunds it automatically. A gateway failure leaves the order open for the
     * reconcile job and is reported; the job is retried.
     */
    async closeLinkCheckouts(linkId: string): Promise<LinkCheckoutEnded[]> {
      const open = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.paymentLinkId, linkId),
            eq(orders.status, 'ACTIVE'),
            isNotNull(orders.paymentSessionId),
          ),
        );
      const [link] = await db
        .select({ status: paymentLinks.status, orderId: paymentLinks.orderId })
        .from(paymentLinks)
        .where(eq(paymentLinks.id, linkId))
        .limit(1);
      // The order that paid the link keeps its checkout (it is PAID, not open, anyway).
      const others = open.filter(({ id }) => id !== link?.orderId);
      return Promise.all(others.map(({ id }) => endCheckout(id)));
    },

    /** The `order-reconcile` job (D111): an open order re-read, or ended once expired. */
    async reconcile(orderId: string): Promise<GatewayStateOutcome | null> {
      const order = await findOrder(orderId);
      if (!order || !isOpen(order)) return null;
      if (order.paymentSessionId === null) {
        // Its gateway call never finished: the request that owned it is gone.
        if (clock.now().getTime() - order.createdAt.getTime() > IN_FLIGHT_STALE_MS) {
          await db
            .delete(orders)
            .where(and(eq(orders.id, orderId), isNull(orders.paymentSessionId)));
        }
        return null;
      }
      const { remote, outcome } = await reread(orderId);
      const now = clock.now();
      const expired =
        order.gatewayExpiresAt !== null && now.getTime() > order.gatewayExpiresAt.getTime();
      if (remote.status === 'ACTIVE' && expired) {
        // Past its expiry and still open: end it, so nothing can be paid on it any more.
        await endCheckout(orderId);
      }
      await db
        .update(orders)
        .set({ nextCheckAt: nextCheckAfter(deps.reconcile, order.createdAt, now) })
        .where(and(eq(orders.id, orderId), inArray(orders.status, OPEN_STATUSES)));
      return outcome;
    },

    /**
     * A verified payment webhook (D110): stored at once (deduplicated on the payment and its
     * status) with its `payment-webhook` job; `ignored` when the order is not ours.
     */
    async receiveWebhook(
      event: PaymentWebhook,
    ): Promise<{ result: 'stored' | 'duplicate' | 'ignored' }> {
      if (!(await findOrder(event.orderId))) return { result: 'ignored' };
      return db.transaction(async (tx) => {
        const [receipt] = await tx
          .insert(webhookReceipts)
          .values({
            cfPaymentId: event.payment.cfPaymentId,
            paymentStatus: event.payment.status,
            orderId: event.orderId,
            eventType: event.type,
            eventTime: event.eventTime,
            payload: event,
            receivedAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning({ id: webhookReceipts.id });
        if (!receipt) return { result: 'duplicate' as const };
        await jobs.send('payment-webhook', { receiptId: receipt.id }, { tx });
        return { result: 'stored' as const };
      });
    },

    /** The `payment-webhook` job: applies a stored webhook once. */
    async applyWebhook(receiptId: number): Promise<GatewayStateOutcome | null> {
      return db.transaction(async (tx) => {
        const [receipt] = await tx
          .select()
          .from(webhookReceipts)
          .where(and(eq(webhookReceipts.id, receiptId), isNull(webhookReceipts.appliedAt)))
          .for('update')
          .limit(1);
        if (!receipt) return null;
        await tx
          .update(webhookReceipts)
          .set({ appliedAt: clock.now() })
          .where(eq(webhookReceipts.id, receiptId));
        const event = receipt.payload as PaymentWebhook | null;
        if (!event) return null;
        return applyGatewayState(tx, receipt.orderId, { payments: [event.payment] });
      });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
