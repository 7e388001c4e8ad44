// Gateway order and payment statuses (gateway contract) and what the status page shows (spec §4
// "Order status", D7), our payment-link (D19) and refund statuses; a due's are in dues.ts. Each
// list is named once: the database's checks and the contract's enums are these.

import { messages } from './messages';

export const ORDER_STATUSES = [
  'ACTIVE',
  'PAID',
  'EXPIRED',
  'TERMINATED',
  'TERMINATION_REQUESTED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * An order whose checkout may still be paid: re-read by the reconcile job, counted toward the
 * KYC cap (D10), ended at the gateway when it expires (D111).
 */
export const OPEN_ORDER_STATUSES = [
  'ACTIVE',
  'TERMINATION_REQUESTED',
] as const satisfies readonly OrderStatus[];
export const isOpenOrder = (status: OrderStatus): boolean =>
  (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

export const PAYMENT_STATUSES = [
  'SUCCESS',
  'NOT_ATTEMPTED',
  'FAILED',
  'USER_DROPPED',
  'VOID',
  'CANCELLED',
  'PENDING',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_LINK_STATUSES = ['ACTIVE', 'PAID', 'EXPIRED', 'CANCELLED'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** A refund: asked for, declined by the tutor, sent to the gateway, and how that ended. */
export const REFUND_STATUSES = ['REQUESTED', 'DECLINED', 'PENDING', 'SUCCESS', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** D112: why the platform refunded a payment on its own. */
export const REFUND_CAUSES = [
  'over_cap',
  'link_already_paid',
  'link_closed',
  'dues_changed',
  // Issue 49 (D251): an Autopay debit for a due already paid another way.
  'due_settled',
] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];

/**
 * A payout (the gateway's settlement to a tutor's bank, D268): on its way, credited, not taken
 * by the bank, or credited and then returned.
 */
export const PAYOUT_STATUSES = ['initiated', 'settled', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** What a payout is made of (D274): payments, refunds taken out of it, other adjustments. */
export const PAYOUT_ITEM_KINDS = ['payment', 'refund', 'adjustment'] as const;
export type PayoutItemKind = (typeof PAYOUT_ITEM_KINDS)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly unknown[]).includes(value);
}

export type PaymentOutcome = 'sent' | 'processing' | 'failed';

/**
 * D7: PAID or a SUCCESS payment is sent; an ACTIVE order with nothing final yet (no payment,
 * NOT_ATTEMPTED or PENDING) is processing and worth checking again; anything else failed.
 */
export function paymentOutcome(
  orderStatus: OrderStatus,
  latestPaymentStatus?: PaymentStatus | null,
): PaymentOutcome {
  if (orderStatus === 'PAID' || latestPaymentStatus === 'SUCCESS') return 'sent';
  const nothingFinal =
    latestPaymentStatus == null ||
    latestPaymentStatus === 'PENDING' ||
    latestPaymentStatus === 'NOT_ATTEMPTED';
  return orderStatus === 'ACTIVE' && nothingFinal ? 'processing' : 'failed';
}

/** The status page's label: 'Sent', 'Processing' or 'Failed to pay'. */
export function paymentOutcomeLabel(outcome: PaymentOutcome): string {
  return messages.status[outcome];
}

/**
 * Why a payment failed, in a sentence the student can act on (issue 13), from the gateway's
 * statuses: the latest attempt's when there is one, else the order's. Like Razorpay's and
 * Cashfree's hosted pages, a declined payment says the bank returns anything it took.
 */
export function failureReason(
  orderStatus: OrderStatus,
  latestPaymentStatus?: PaymentStatus | null,
): string {
  const reasons = messages.status.failureReasons;
  switch (latestPaymentStatus) {
    case 'FAILED':
    case 'VOID':
      return reasons.declined;
    case 'USER_DROPPED':
    case 'CANCELLED':
      return reasons.closed;
    default:
      return orderStatus === 'EXPIRED' ? reasons.expired : reasons.closedByUs;
  }
}
