// The payment's result on /pay/status and /payment-successful (spec §2, §4 "Order status";
// D1, D7, D46).
//
// - It fetches the order (the gateway sends back only order_id, so the server is asked).
// - PAID, or a SUCCESS payment → 'Sent', and the stored payment keys are cleared (D1).
// - ACTIVE with no payment yet, NOT_ATTEMPTED or PENDING → 'Processing': it checks again by
//   itself with a growing pause (2 s up to 10 s, 10 checks in about 45 s), then offers
//   'Check again' (D7). A dropped connection is retried the same way.
// - Anything else → 'Failed to pay' (the view links back to the review to try again).
// - An order that is not the student's (or unknown) → /page-not-found; a lost session →
//   /student/login; no answer or a server/gateway failure is retried like 'Processing'.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import type { Paise } from '../../src/domain/money';
import {
  paymentOutcome,
  type OrderStatus,
  type PaymentOutcome,
  type PaymentStatus,
} from '../../src/domain/statuses';
import { abstractPromise, notProvided } from '../shared/abstract';
import { httpStatus, isUnauthorized, unreachableText } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';

/** An order as the status page shows it. */
export interface OrderView {
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus | null;
  /** What the student paid (total), paise. */
  total: Paise;
  payeeName: string;
  payeePhone: string | null;
  maskedAccount: string | null;
  /** ISO instant of the payment, when there is one. */
  paymentTime: string | null;
  /** D20: the booked session, if any. */
  session: { start: string; end: string } | null;
  /** D112: the payment was refunded in full by the platform, for this reason. */
  refundReason: string | null;
}

export interface OrderStatusInput {
  orderId: string;
}

export interface OrderStatusContext {
  orderId: string;
  order: OrderView | null;
  /** Checks made in this run of automatic checks. */
  checks: number;
  error: string | null;
}

export type OrderStatusEvent = { type: 'status.check' };

/** The pauses between automatic checks (D7: bounded): 10 checks in about 45 s. */
export const RECHECK_DELAYS_MS = [2000, 2000, 3000, 3000, 4000, 5000, 6000, 10000, 10000] as const;
export const MAX_CHECKS = RECHECK_DELAYS_MS.length + 1;

export function outcomeOf(order: OrderView): PaymentOutcome {
  return paymentOutcome(order.status, order.paymentStatus);
}

const outcomeIs =
  (outcome: PaymentOutcome) =>
  ({ event }: { event: { output: OrderView } }) =>
    outcomeOf(event.output) === outcome;

export const orderStatusMachine = setup({
  types: {
    context: {} as OrderStatusContext,
    input: {} as OrderStatusInput,
    events: {} as OrderStatusEvent,
  },
  actors: {
    fetchOrder: abstractPromise<OrderView, { orderId: string }>('fetchOrder'),
  },
  actions: {
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
    /** D1: forget the ongoing payment once it is sent. */
    clearPayment: () => notProvided('clearPayment'),
  },
  guards: {
    mayCheckAgain: ({ context }) => context.checks < MAX_CHECKS,
  },
  delays: {
    recheck: ({ context }) =>
      RECHECK_DELAYS_MS[Math.min(context.checks, RECHECK_DELAYS_MS.length) - 1] ?? 2000,
  },
}).createMachine({
  id: 'orderStatus',
  description: 'Sent, Processing (checked again, bounded) or Failed to pay (D7).',
  context: ({ input }) => ({ orderId: input.orderId, order: null, checks: 0, error: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['loading'],
      entry: assign({ checks: ({ context }) => context.checks + 1 }),
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: outcomeIs('sent'),
            target: 'sent',
            actions: assign({ order: ({ event }) => event.output, error: null }),
          },
          {
            guard: outcomeIs('failed'),
            target: 'failed',
            actions: assign({ order: ({ event }) => event.output, error: null }),
          },
          {
            guard: 'mayCheckAgain',
            target: 'waiting',
            actions: assign({ order: ({ event }) => event.output, error: null }),
          },
          {
            target: 'stillProcessing',
            actions: assign({ order: ({ event }) => event.output, error: null }),
          },
        ],
        onError: [
          {
            guard: ({ event }) => isUnauthorized(event.error),
            target: 'leaving',
            actions: { type: 'navigate', params: { to: '/student/login' } },
          },
          {
            guard: ({ event }) => [400, 403, 404].includes(httpStatus(event.error) ?? 0),
            description: 'Not this student’s order, or no such order',
            target: 'leaving',
            actions: { type: 'navigate', params: { to: '/page-not-found', replace: true } },
          },
          {
            guard: 'mayCheckAgain',
            description: 'No answer, or the server or gateway failed: try again shortly',
            target: 'waiting',
            actions: assign({
              error: ({ event }) => unreachableText(event.error, messages.generic.somethingWrong),
            }),
          },
          {
            target: 'unreachable',
            actions: assign({
              error: ({ event }) => unreachableText(event.error, messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    waiting: {
      tags: ['processing'],
      after: { recheck: { target: 'checking' } },
    },
    /** Still processing after the automatic checks: the student checks again. */
    stillProcessing: {
      tags: ['processing'],
      on: { 'status.check': { target: 'checking', actions: assign({ checks: 0 }) } },
    },
    unreachable: {
      tags: ['error'],
      on: { 'status.check': { target: 'checking', actions: assign({ checks: 0 }) } },
    },
    sent: { entry: 'clearPayment' },
    failed: {},
    leaving: { type: 'final' },
  },
});

export type OrderStatusActorRef = ActorRefFrom<typeof orderStatusMachine>;
