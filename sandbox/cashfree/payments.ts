// Payment attempts: made on the checkout page, changed by /pg/simulate. Each one updates its
// order (a SUCCESS pays it) and sends the matching webhook. A refund sends its webhook when it
// becomes final (D330).
import type { PaymentStatus } from '../../src/domain/statuses';
import type { Clock } from '../../src/server/clock';
import {
  cardGroup,
  numericId,
  settle,
  type SandboxOrder,
  type SandboxPayment,
  type SandboxRefund,
  type SandboxState,
} from './state';
import { createTimers } from './timers';
import type { WebhookDispatcher } from './webhooks';

/**
 * A refund is final once the app's clock passes its processing time (tests move that clock by
 * hand), so the sandbox looks at it this often, a bounded number of times (10 minutes), and
 * sends REFUND_STATUS_WEBHOOK at the first look that finds it final.
 */
const REFUND_LOOK_EVERY_MS = 1000;
const REFUND_LOOKS = 600;

export type AttemptMethod =
  { method: 'card'; cardNumber: string } | { method: 'upi'; upiId: string };

/** Statuses a checkout outcome or a simulation can give a payment. */
export type OutcomeStatus = Extract<
  PaymentStatus,
  'SUCCESS' | 'FAILED' | 'USER_DROPPED' | 'PENDING'
>;

function cardNetwork(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'rupay';
}

function methodDetail(order: SandboxOrder, how: AttemptMethod): SandboxPayment['method'] {
  if (how.method === 'upi') return { upi: { channel: 'collect', upi_id: how.upiId || null } };
  const digits = how.cardNumber.replace(/\D/g, '');
  return {
    card: {
      channel: 'link',
      card_number: digits ? `XXXXXXXXXXXX${digits.slice(-4)}` : null,
      card_network: cardNetwork(digits),
      card_type: cardGroup(order),
      card_sub_type: 'R',
      card_country: 'IN',
      card_bank_name: 'Sandbox Bank',
    },
  };
}

export function createPaymentOps(deps: {
  state: SandboxState;
  webhooks: WebhookDispatcher;
  clock: Clock;
}) {
  const { state, webhooks, clock } = deps;
  const timers = createTimers();

  function applied(order: SandboxOrder, payment: SandboxPayment): SandboxPayment {
    if (payment.status === 'SUCCESS' && order.status === 'ACTIVE') order.status = 'PAID';
    webhooks.paymentChanged(order, payment);
    return payment;
  }

  return {
    /** A new attempt on an ACTIVE order with the given outcome. */
    attempt(order: SandboxOrder, how: AttemptMethod, status: OutcomeStatus): SandboxPayment {
      const now = clock.now();
      const payment: SandboxPayment = {
        cfPaymentId: numericId(),
        orderId: order.orderId,
        status: 'NOT_ATTEMPTED',
        amountPaise: order.amountPaise,
        group: how.method === 'upi' ? 'upi' : cardGroup(order),
        method: methodDetail(order, how),
        message: '',
        time: now,
        completedAt: null,
        bankReference: null,
        error: null,
      };
      settle(payment, status, now);
      state.addPayment(payment);
      return applied(order, payment);
    },

    /**
     * Forces an existing attempt's outcome (POST /pg/simulate). Refuses what Cashfree could
     * not do: change a successful payment, or pay an order that is no longer ACTIVE.
     */
    simulate(
      payment: SandboxPayment,
      status: OutcomeStatus,
      errorCode: string | undefined,
    ): { ok: true } | { ok: false; message: string; code: string } {
      const order = state.order(payment.orderId);
      if (!order) return { ok: false, message: 'order not found', code: 'order_not_found' };
      if (payment.status === 'SUCCESS') {
        return {
          ok: false,
          message: 'the payment is already successful',
          code: 'payment_already_successful',
        };
      }
      if (status === 'SUCCESS' && order.status !== 'ACTIVE') {
        return {
          ok: false,
          message: `the order is ${order.status}`,
          code: 'order_not_active',
        };
      }
      settle(payment, status, clock.now(), errorCode);
      applied(order, payment);
      return { ok: true };
    },

    /** D330: a new refund of `order`; its webhook goes out when it becomes final. */
    refunded(order: SandboxOrder, refund: SandboxRefund): void {
      let looks = 0;
      const look = () => {
        looks += 1;
        if (clock.now().getTime() >= refund.processesAt.getTime()) {
          webhooks.refundChanged(order, refund);
        } else if (looks < REFUND_LOOKS) timers.later(REFUND_LOOK_EVERY_MS, look);
      };
      timers.later(REFUND_LOOK_EVERY_MS, look);
    },

    close(): void {
      timers.close();
    },
  };
}

export type PaymentOps = ReturnType<typeof createPaymentOps>;
