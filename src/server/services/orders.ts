// Payment orders (D6, D9, D10, D11, D19, D20, D32, D33) and what the gateway reports about
// them (re-reads and webhooks, D7). Money is integer paise throughout; rupees only in replies.
// The parts, each in its own file:
// - orderChecks.ts: every refusal that needs no write;
// - orderOpening.ts: one gateway order per intended payment (double clicks reuse it);
// - idempotency.ts: an Idempotency-Key replays its first answer (D32);
// - gatewayState.ts: what the gateway reports, applied forward only;
// - orderReplies.ts: the order as the API answers it.
import { coded } from '../../domain/texts';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { apiMessages } from '../../domain/apiMessages';
import { isOpenOrder, OPEN_ORDER_STATUSES, type OrderStatus } from '../../domain/statuses';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { orders, paymentLinks, webhookReceipts, type OrderRow, type UserRow } from '../db/schema';
import { GatewayError, type PaymentGateway, type PaymentWebhook } from '../gateway/types';
import type { JobQueue } from '../jobs/queue';
import type { UserRepository } from '../users';
import { keptByTutor } from './acceptanceCap';
import { createGatewayState, type GatewayStateOutcome } from './gatewayState';
import { createIdempotency, fingerprint, IN_FLIGHT_STALE_MS } from './idempotency';
import { createOrderChecks, refused, type CreateStatus, type OrderInput } from './orderChecks';
import { createOrderOpening, findOrder } from './orderOpening';
import { createdReply, detailsOf, type OrderCreated, type OrderDetails } from './orderReplies';
import { nextCheckAfter, type ReconcileTiming } from './reconcileSchedule';
import { refuse, success, type Result } from './results';
import type { TaxDocuments } from './taxDocuments';

export type { GatewayStateOutcome } from './gatewayState';
export type { OrderInput } from './orderChecks';

export interface OrderServiceDeps {
  db: Database;
  clock: Clock;
  gateway: PaymentGateway;
  jobs: Pick<JobQueue, 'send'>;
  /** D111: when an open order is first re-read, and when its checkout ends at the gateway. */
  reconcile: ReconcileTiming;
  users: UserRepository;
  /** Issue 50: the documents a payment gives (gatewayState.ts). */
  taxDocuments: TaxDocuments;
  publicOrigin: string;
  apiPrefix?: string;
}

const isOpen = (order: Pick<OrderRow, 'status'>) => isOpenOrder(order.status);

/** What ending a closed link's open checkout did (D19), for the log. */
export interface LinkCheckoutEnded {
  orderId: string;
  /** Our order's status afterwards: TERMINATED, TERMINATION_REQUESTED, PAID or still ACTIVE. */
  status: OrderStatus;
  /** The gateway failed: the order stays open for the reconcile job. */
  error: unknown;
}

export function createOrderService(deps: OrderServiceDeps) {
  const { db, clock, gateway, jobs, users: repo } = deps;
  const checkOrder = createOrderChecks({ db, clock, users: repo });
  const openOrder = createOrderOpening({
    ...deps,
    apiPrefix: deps.apiPrefix ?? '/api/v1',
    checkOrder,
  });
  const idempotent = createIdempotency({ db, clock });
  const applyGatewayState = createGatewayState({
    clock,
    jobs,
    users: repo,
    taxDocuments: deps.taxDocuments,
  });

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
    const status = (await findOrder(db, id))?.status ?? 'ACTIVE';
    return { orderId: id, status, error };
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
      const reply = async () => {
        const result = await openOrder(caller, input);
        return result.ok ? success(createdReply(result.value)) : result;
      };
      if (idempotencyKey === undefined) return reply();
      // Role checks first: a key must not tell a tutor anything about a student's orders.
      if (caller.role !== 'student') return refuse(403, coded(apiMessages).orders.onlyStudents);
      const request = {
        userId: caller.id,
        key: idempotencyKey,
        // `book_session` absent is false: both spellings are one request.
        hash: fingerprint({ ...input, book_session: input.book_session === true }),
        refusals: {
          mismatch: refused(409, coded(apiMessages).orders.idempotencyMismatch),
          inFlight: refuse(409, coded(apiMessages).orders.idempotencyInFlight),
        },
      };
      return idempotent(request, reply);
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
      let order = await findOrder(db, orderId);
      if (!order || (order.payerId !== caller.id && order.payeeId !== caller.id)) {
        return refuse(404, coded(apiMessages).orders.notFound);
      }
      let refreshError: unknown = null;
      // TERMINATION_REQUESTED (a cancelled link's checkout) waits for the gateway's word too.
      const open = isOpen(order);
      if (open && order.paymentSessionId !== null) {
        try {
          await reread(orderId);
          order = (await findOrder(db, orderId)) ?? order;
        } catch (error) {
          refreshError = error;
        }
      }
      return success({ details: await detailsOf(db, repo, order), refreshError });
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
      const order = await findOrder(db, orderId);
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
        .where(and(eq(orders.id, orderId), inArray(orders.status, OPEN_ORDER_STATUSES)));
      return outcome;
    },

    /**
     * A verified payment webhook (D110): stored at once (deduplicated on the payment and its
     * status) with its `payment-webhook` job; `ignored` when the order is not ours.
     */
    async receiveWebhook(
      event: PaymentWebhook,
    ): Promise<{ result: 'stored' | 'duplicate' | 'ignored' }> {
      if (!(await findOrder(db, event.orderId))) return { result: 'ignored' };
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
