// What the server needs from a payment gateway. The Cashfree adapter (cashfree.ts) implements
// it with the official SDK, pointed at the sandbox (src/server/sandbox/cashfree) by default.
// Amounts are integer paise here (D9); the adapter converts at the gateway's edge.
import type { OrderStatus, PaymentStatus } from '../../domain/statuses';
import type { SignedWebhook } from './signature';

export type GatewayPaymentMethod = 'cc' | 'upi';

export interface GatewayOrderInput {
  /** Our order id, also the gateway's order_id (3-45 of [A-Za-z0-9_-]). */
  orderId: string;
  /** Paise (D9); the adapter sends rupees with 2 decimals. At least 100 (₹1). */
  amount: number;
  /** id: 3-50 characters; phone: 10 digits. */
  customer: { id: string; phone: string; name?: string };
  /** D6: the order can be paid only by this method. */
  paymentMethod: GatewayPaymentMethod;
  /** Where the gateway sends the browser after paying; may contain {order_id}. */
  returnUrl: string;
  /** Where the gateway posts payment webhooks. */
  notifyUrl: string;
  note?: string;
  tags?: Record<string, string>;
  /** Sent as x-idempotency-key: a retried create answers with the same order. */
  idempotencyKey?: string;
  /** When the gateway stops taking payments for the order (order_expiry_time). */
  expiresAt?: Date;
}

export interface GatewayOrder {
  orderId: string;
  cfOrderId: string;
  status: OrderStatus;
  /** Paise. */
  amount: number;
  /** What the browser SDK's checkout() needs; null if the gateway stops reporting it. */
  paymentSessionId: string | null;
  /** ISO 8601 as the gateway wrote it (IST offset). */
  expiresAt: string | null;
}

export interface GatewayPayment {
  cfPaymentId: string;
  orderId: string;
  status: PaymentStatus;
  /** Paise. */
  amount: number;
  /** credit_card, debit_card, upi, ... */
  group: string | null;
  message: string | null;
  time: string | null;
  bankReference: string | null;
  errorCode: string | null;
}

export interface PaymentWebhook {
  type: 'PAYMENT_SUCCESS_WEBHOOK' | 'PAYMENT_FAILED_WEBHOOK' | 'PAYMENT_USER_DROPPED_WEBHOOK';
  orderId: string;
  payment: GatewayPayment;
  eventTime: string;
}

/** REFUND_STATUS_WEBHOOK (D330): the refund as the event says; the job re-reads it anyway. */
export interface RefundWebhook {
  type: 'REFUND_STATUS_WEBHOOK';
  refund: GatewayRefund;
  eventTime: string | null;
}

/**
 * A verified event at the payment webhook URL: a payment's, a refund's, or (D330) a type this
 * server does not act on, which is acknowledged and ignored rather than refused.
 */
export type GatewayWebhook =
  | { kind: 'payment'; event: PaymentWebhook }
  | { kind: 'refund'; event: RefundWebhook }
  | { kind: 'other'; type: string };

export interface GatewayRefundInput {
  orderId: string;
  /** Our refund id, also the gateway's refund_id: the same id again is the same refund. */
  refundId: string;
  /** Paise; at most what was paid minus what was refunded already. */
  amount: number;
  note?: string;
}

/** The gateway's refund statuses; ONHOLD is still in progress, CANCELLED did not happen. */
export const GATEWAY_REFUND_STATUSES = [
  'PENDING',
  'SUCCESS',
  'ONHOLD',
  'CANCELLED',
  'FAILED',
] as const;
export type GatewayRefundStatus = (typeof GATEWAY_REFUND_STATUSES)[number];

export interface GatewayRefund {
  refundId: string;
  cfRefundId: string;
  orderId: string;
  /** Paise. */
  amount: number;
  status: GatewayRefundStatus;
  statusDescription: string | null;
  /** ISO 8601 as the gateway wrote it. */
  createdAt: string | null;
  processedAt: string | null;
}

export interface PaymentGateway {
  /** A new order always has a payment session. */
  createOrder(input: GatewayOrderInput): Promise<GatewayOrder & { paymentSessionId: string }>;
  fetchOrder(orderId: string): Promise<GatewayOrder>;
  /**
   * Asks the gateway to end an unpaid order (PATCH order_status TERMINATED): the order as it
   * answers, TERMINATED or TERMINATION_REQUESTED (confirmed later). A PAID order cannot be
   * ended: a GatewayError (Cashfree: 400 `order_already_paid`).
   */
  terminateOrder(orderId: string): Promise<GatewayOrder>;
  /** Every payment attempt of the order, in the gateway's order. */
  fetchPayments(orderId: string): Promise<GatewayPayment[]>;
  /**
   * Checks a webhook's signature over the raw body (constant time) and that its timestamp
   * (milliseconds) is within 5 minutes of `now`; returns the parsed event, or null when the
   * signature, the timestamp or the body of a payment or refund event is not right.
   */
  verifyPaymentWebhook(input: SignedWebhook): GatewayWebhook | null;
  /** Refunds (part of) a PAID order; idempotent on `refundId`. */
  createRefund(input: GatewayRefundInput): Promise<GatewayRefund>;
  /** A refund's state now; a GatewayError with status 404 when the gateway has none. */
  fetchRefund(orderId: string, refundId: string): Promise<GatewayRefund>;
}

/**
 * A refusal or failure from the gateway: `status` is its HTTP status (null when it never
 * answered), `code` its error code, or 'timeout', 'network_error', 'invalid_response'.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
