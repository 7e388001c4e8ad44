// The sandbox gateway's memory (D52): orders, payment attempts, idempotent answers and
// simulations of one app instance, kept the way Cashfree would report them. An imitation of
// an external system, so nothing here touches our database.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { paiseToRupees } from '../../src/domain/money';
import type { OrderStatus, PaymentStatus } from '../../src/domain/statuses';
import { toIstIsoString } from '../../src/domain/time';
import type { Clock } from '../../src/server/clock';

/** What a payment attempt was made with on the checkout page. */
export type CheckoutMethod = 'card' | 'upi';

export interface SandboxOrder {
  cfOrderId: string;
  orderId: string;
  amountPaise: number;
  status: OrderStatus;
  paymentSessionId: string;
  expiresAt: Date;
  note: string | null;
  createdAt: Date;
  customer: {
    customer_id: string;
    customer_phone: string;
    customer_name: string | null;
    customer_email: string | null;
  };
  returnUrl: string | null;
  notifyUrl: string | null;
  /** As sent (e.g. "upi" or "cc,dc,upi"); null allows every method. */
  paymentMethods: string | null;
  tags: Record<string, string> | null;
}

export interface PaymentError {
  error_code: string;
  error_description: string;
  error_reason: string;
  error_source: string;
}

export interface SandboxPayment {
  cfPaymentId: string;
  orderId: string;
  status: PaymentStatus;
  amountPaise: number;
  group: 'credit_card' | 'debit_card' | 'upi';
  method: Record<string, Record<string, string | null>>;
  message: string;
  time: Date;
  completedAt: Date | null;
  bankReference: string | null;
  error: PaymentError | null;
}

/** A refund of a PAID order; PENDING until `processesAt` passes on the clock, then SUCCESS. */
export interface SandboxRefund {
  cfRefundId: string;
  refundId: string;
  orderId: string;
  amountPaise: number;
  note: string | null;
  createdAt: Date;
  processesAt: Date;
}

export interface Simulation {
  simulation_id: string;
  entity: 'PAYMENTS';
  entity_id: string;
  entity_simulation: { payment_status: string; payment_error_code?: string };
}

interface StoredAnswer {
  fingerprint: string;
  statusCode: number;
  body: unknown;
}

/** Ids that stay unique across restarts of the sandbox (our database keeps the old ones). */
export function numericId(): string {
  return String(randomInt(1_000_000_000_000, 281_474_976_710_655));
}

export function sessionId(): string {
  return `session_${randomBytes(36).toString('base64url')}payment`;
}

/** Payment methods the PG API knows (order_meta.payment_methods). */
export const KNOWN_METHODS = new Set([
  'cc',
  'dc',
  'ccc',
  'ppc',
  'nb',
  'upi',
  'paypal',
  'app',
  'paylater',
  'cardlessemi',
  'dcemi',
  'ccemi',
  'banktransfer',
]);

/** Which of the checkout page's two forms the order allows. */
export function checkoutMethods(order: SandboxOrder): CheckoutMethod[] {
  const allowed = new Set(
    (order.paymentMethods ?? 'cc,dc,upi').split(',').map((method) => method.trim()),
  );
  const methods: CheckoutMethod[] = [];
  if (allowed.has('cc') || allowed.has('dc')) methods.push('card');
  if (allowed.has('upi')) methods.push('upi');
  return methods;
}

export function cardGroup(order: SandboxOrder): 'credit_card' | 'debit_card' {
  const allowed = (order.paymentMethods ?? 'cc').split(',').map((method) => method.trim());
  return allowed.includes('cc') ? 'credit_card' : 'debit_card';
}

/** Order JSON keys sorted, so the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

export function createSandboxState(clock: Clock) {
  const orders = new Map<string, SandboxOrder>();
  const sessions = new Map<string, string>();
  const payments = new Map<string, SandboxPayment>();
  const paymentsByOrder = new Map<string, string[]>();
  const idempotent = new Map<string, StoredAnswer>();
  const simulations = new Map<string, Simulation>();
  const refunds = new Map<string, SandboxRefund[]>();

  /** The order as Cashfree would report it now (an ACTIVE order past its expiry is EXPIRED). */
  function current(order: SandboxOrder): SandboxOrder {
    if (order.status === 'ACTIVE' && clock.now().getTime() > order.expiresAt.getTime()) {
      order.status = 'EXPIRED';
    }
    return order;
  }

  return {
    addOrder(order: SandboxOrder): void {
      orders.set(order.orderId, order);
      sessions.set(order.paymentSessionId, order.orderId);
    },
    order(orderId: string): SandboxOrder | undefined {
      const order = orders.get(orderId);
      return order && current(order);
    },
    orderBySession(paymentSessionId: string): SandboxOrder | undefined {
      const orderId = sessions.get(paymentSessionId);
      return orderId === undefined ? undefined : this.order(orderId);
    },
    addPayment(payment: SandboxPayment): void {
      payments.set(payment.cfPaymentId, payment);
      const list = paymentsByOrder.get(payment.orderId) ?? [];
      list.push(payment.cfPaymentId);
      paymentsByOrder.set(payment.orderId, list);
    },
    payment(cfPaymentId: string): SandboxPayment | undefined {
      return payments.get(cfPaymentId);
    },
    paymentsOf(orderId: string): SandboxPayment[] {
      return (paymentsByOrder.get(orderId) ?? []).map((id) => payments.get(id)!);
    },
    answer(key: string): StoredAnswer | undefined {
      return idempotent.get(key);
    },
    remember(key: string, answer: StoredAnswer): void {
      idempotent.set(key, answer);
    },
    addRefund(refund: SandboxRefund): void {
      refunds.set(refund.orderId, [...(refunds.get(refund.orderId) ?? []), refund]);
    },
    refundsOf(orderId: string): SandboxRefund[] {
      return refunds.get(orderId) ?? [];
    },
    /** Every payment attempt, in the order they were made (the settlement run reads them). */
    allPayments(): SandboxPayment[] {
      return [...payments.values()];
    },
    /** Every refund, oldest first within an order. */
    allRefunds(): SandboxRefund[] {
      return [...refunds.values()].flat();
    },
    addSimulation(simulation: Simulation): void {
      simulations.set(simulation.simulation_id, simulation);
    },
    simulation(id: string): Simulation | undefined {
      return simulations.get(id);
    },
  };
}

export type SandboxState = ReturnType<typeof createSandboxState>;

// ---------------------------------------------------------------------------------------------
// Entities as the PG API answers them.

export function orderEntity(order: SandboxOrder) {
  return {
    cf_order_id: order.cfOrderId,
    order_id: order.orderId,
    entity: 'order',
    order_currency: 'INR',
    order_amount: paiseToRupees(order.amountPaise),
    order_status: order.status,
    payment_session_id: order.paymentSessionId,
    order_expiry_time: toIstIsoString(order.expiresAt),
    order_note: order.note,
    order_splits: [],
    created_at: toIstIsoString(order.createdAt),
    customer_details: { ...order.customer, customer_uid: null },
    order_meta: {
      return_url: order.returnUrl,
      notify_url: order.notifyUrl,
      payment_methods: order.paymentMethods,
    },
    order_tags: order.tags,
  };
}

export function paymentEntity(payment: SandboxPayment, order: SandboxOrder) {
  return {
    cf_payment_id: payment.cfPaymentId,
    order_id: payment.orderId,
    entity: 'payment',
    is_captured: payment.status === 'SUCCESS',
    order_amount: paiseToRupees(order.amountPaise),
    order_currency: 'INR',
    payment_group: payment.group,
    payment_currency: 'INR',
    payment_amount: paiseToRupees(payment.amountPaise),
    payment_time: toIstIsoString(payment.time),
    payment_completion_time: payment.completedAt ? toIstIsoString(payment.completedAt) : null,
    payment_status: payment.status,
    payment_message: payment.message,
    bank_reference: payment.bankReference,
    auth_id: null,
    authorization: null,
    payment_method: payment.method,
    ...(payment.error ? { error_details: payment.error } : {}),
  };
}

export function refundEntity(refund: SandboxRefund, now: Date) {
  const processed = now.getTime() >= refund.processesAt.getTime();
  return {
    cf_payment_id: null,
    cf_refund_id: refund.cfRefundId,
    order_id: refund.orderId,
    refund_id: refund.refundId,
    entity: 'refund',
    refund_amount: paiseToRupees(refund.amountPaise),
    refund_currency: 'INR',
    refund_note: refund.note,
    refund_status: processed ? 'SUCCESS' : 'PENDING',
    refund_arn: processed ? `ARN${refund.cfRefundId}` : null,
    refund_charge: 0,
    status_description: processed ? 'Refund processed successfully' : 'In Progress',
    refund_type: 'MERCHANT_INITIATED',
    refund_mode: 'STANDARD',
    refund_speed: { requested: 'STANDARD', accepted: 'STANDARD', processed: null, message: null },
    created_at: toIstIsoString(refund.createdAt),
    processed_at: processed ? toIstIsoString(refund.processesAt) : null,
    metadata: null,
    refund_splits: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Outcomes: what a payment attempt's status implies for its fields.

const MESSAGES: Record<PaymentStatus, string> = {
  SUCCESS: 'Transaction successful',
  FAILED: 'Transaction declined by the bank',
  USER_DROPPED: 'User dropped and did not complete the payment',
  PENDING: 'Transaction pending',
  NOT_ATTEMPTED: 'Transaction not attempted',
  VOID: 'Transaction voided',
  CANCELLED: 'Transaction cancelled',
};

export const DEFAULT_ERROR_CODE = 'TRANSACTION_DECLINED';

/** Sets `status` on a payment with the fields that go with it (time is the clock's now). */
export function settle(
  payment: SandboxPayment,
  status: PaymentStatus,
  now: Date,
  errorCode?: string,
): SandboxPayment {
  payment.status = status;
  payment.message = MESSAGES[status];
  payment.completedAt = status === 'PENDING' ? null : now;
  payment.bankReference =
    status === 'SUCCESS' || status === 'FAILED'
      ? String(randomInt(100_000_000_000, 999_999_999_999))
      : null;
  payment.error =
    status === 'FAILED'
      ? {
          error_code: errorCode ?? DEFAULT_ERROR_CODE,
          error_description: 'The issuing bank declined the payment',
          error_reason: 'bank_declined',
          error_source: 'bank',
        }
      : null;
  return payment;
}
