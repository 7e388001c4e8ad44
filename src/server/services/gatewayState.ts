// What the gateway reports of an order (a re-read or a webhook, D7), applied: the order only
// moves forward, each payment attempt is recorded, and a payment just taken settles its link
// and the tutor's cap (D19, D112).
import { and, eq } from 'drizzle-orm';
import { ACCEPTANCE_LIMIT_PAISE } from '../../domain/constants';
import { isOpenOrder, type OrderStatus, type PaymentStatus } from '../../domain/statuses';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  orders,
  paymentAttempts,
  paymentLinks,
  type OrderRow,
  type RefundCause,
} from '../db/schema';
import type { GatewayPayment } from '../gateway/types';
import type { JobQueue } from '../jobs/queue';
import type { UserRepository } from '../users';
import { keptByTutor, lockCap } from './acceptanceCap';
import { refundAutomatically } from './automaticRefunds';
import { duesPaidBy } from './dueLinks';
import type { TaxDocuments } from './taxDocuments';

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

export interface GatewayStateOutcome {
  /** The order is PAID now and was not before. */
  becamePaid: boolean;
  /** A SUCCESS whose amount is not the order's total (never marks PAID; worth a look). */
  amountMismatch: boolean;
  /** D112: the payment must not be kept (a link paid already or closed, over the cap). */
  refundedAutomatically: RefundCause | null;
}

export interface GatewayReport {
  orderStatus?: OrderStatus;
  payments: GatewayPayment[];
}

export function createGatewayState(deps: {
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
  users: UserRepository;
  /** Issue 50: the documents a payment gives, issued as it is marked PAID. */
  taxDocuments: TaxDocuments;
}) {
  const { clock, jobs, users, taxDocuments } = deps;

  /**
   * D112: what a payment just taken means for its link and for the tutor's cap. The first
   * payment of an ACTIVE link pays it and ends its other checkouts (a job); a payment the
   * platform must not keep is refunded in full (a job). D206: a link for dues is kept only if
   * its dues, locked and as they are now, take the payment whole. Runs in the PAID transition's
   * `tx`.
   */
  const settlePaid = async (
    tx: Database,
    order: OrderRow,
    paidAt: Date,
    now: Date,
  ): Promise<RefundCause | null> => {
    let cause: RefundCause | null = null;
    const linkId = order.paymentLinkId;
    // D147: a link for dues settles them; their rows are locked before the link's.
    const owed = linkId ? await duesPaidBy(tx, jobs, linkId) : null;
    if (linkId) {
      const [link] = await tx
        .select({ status: paymentLinks.status })
        .from(paymentLinks)
        .where(eq(paymentLinks.id, linkId))
        .for('update');
      if (link?.status === 'PAID') cause = 'link_already_paid';
      else if (owed?.forDues && !owed.takes(order.baseAmount)) cause = 'dues_changed';
      else if (link?.status !== 'ACTIVE') cause = 'link_closed';
      // A link that asks for what is no longer owed ends; a kept payment pays it.
      const [ended] = await tx
        .update(paymentLinks)
        .set(cause ? { status: 'CANCELLED' } : { status: 'PAID', orderId: order.id, paidAt })
        .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.status, 'ACTIVE')))
        .returning({ id: paymentLinks.id });
      if (ended) await jobs.send('link-close', { linkId }, { tx });
    }
    if (!cause && (await users.gatewayStatusOf(order.payeeId, tx)) === 'MIN_KYC_APPROVED') {
      // Paid orders of this tutor settle one at a time, so two cannot both fit the cap.
      await lockCap(tx, order.payeeId);
      if ((await keptByTutor(tx, order.payeeId)) > ACCEPTANCE_LIMIT_PAISE) cause = 'over_cap';
    }
    if (cause) await refundAutomatically(tx, jobs, order, cause, now);
    else await owed?.settle(order.baseAmount);
    // D265: every payment's documents, even one refunded at once (its credit notes follow);
    // last, so the serials' counter rows are held only until this transaction commits.
    await taxDocuments.issueForPayment(tx, order, paidAt);
    return cause;
  };

  /**
   * Moves an order forward with what the gateway reports (never back, D7): records each
   * payment attempt, marks the order PAID on a SUCCESS of its total (or when the gateway says
   * PAID), and a paid order's payment link PAID (D19). Runs in `tx` with the order locked.
   */
  return async function applyGatewayState(
    tx: Database,
    orderId: string,
    report: GatewayReport,
  ): Promise<GatewayStateOutcome> {
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
    const open = isOpenOrder(status);
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
}

export type ApplyGatewayState = ReturnType<typeof createGatewayState>;
