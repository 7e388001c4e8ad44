// The payment flow from /pay/review to the gateway's hosted checkout (spec §2, §4 "Payment",
// §8; D2, D6, D9, D15, D20). One actor serves /pay/review and
// /pay/payment-gateway-payment-flow (a layout route keeps it across the two).
//
// - It reads the payment draft the earlier screens stored (`readDraft`) and decides by
//   draft.ts: no session → /student/login; no amount, tutor phone or tutor name →
//   /pay/payment-details (spec §2), or /student/dashboard when this tab's payment has just
//   gone through (D125).
// - It loads the fee settings (payments/pg/, base_rate; 1 when absent, D9) and shows the D9
//   breakup for the chosen method: Card (fee + charges) or UPI (total = amount, D6).
// - 'Proceed to pay' fires 'Clicked Proceed' (D22) and creates the order with this visit's
//   Idempotency-Key for the chosen method (one key per method per visit, from the input): a
//   double click is ignored while creating, and a retry replays the same order instead of
//   making another. A 400 shows the text after the last ': '; any other failure
//   'Something went wrong. Please try again!' (spec §8, D2).
// - On success the order id is stored and the checkout opens with payment_session_id in the
//   same tab (`openCheckout`); if the checkout script cannot load, the student can retry
//   without a new order.
import { assign, setup } from 'xstate';
import {
  ANALYTICS_EVENTS,
  PAYMENT_METHOD,
  type AnalyticsEvent,
  type PaymentMethod,
} from '../../src/domain/constants';
import { orderErrorText } from '../../src/domain/errorText';
import { sessionTimes, type SessionTimes } from '../../src/domain/schedule';
import { computeBreakup, effectiveBaseRate, type Breakup } from '../../src/domain/fees';
import { messages } from '../../src/domain/messages';
import type { FeeSettings } from '../amountEntry/amountEntry.machine';
import { abstractPromise, notProvided } from '../shared/abstract';
import { httpStatus, isUnauthorized, serverMessage } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';
import { draftVerdict, type DraftFacts, type PaymentDraft } from './draft';

export type { DraftFacts, DraftResult, PaymentDraft } from './draft';

/** The order to create, in domain terms (the real actor maps it to the API's rupees). */
export interface OrderDraft {
  payerId: number;
  payeeId: number;
  method: PaymentMethod;
  breakup: Breakup;
  linkId: string | null;
  bookSession: boolean;
}

export interface CreatedOrder {
  id: string;
  paymentSessionId: string;
}

export interface PaymentInput {
  /** One Idempotency-Key per method for this review visit (the same terms replay one order). */
  idempotencyKeys: Record<PaymentMethod, string>;
  /** When the review opened (epoch ms): the booked session shown starts from it (D20). */
  now: number;
}

export interface PaymentContext {
  idempotencyKeys: Record<PaymentMethod, string>;
  now: number;
  draft: PaymentDraft | null;
  fees: FeeSettings | null;
  method: PaymentMethod;
  order: CreatedOrder | null;
  error: string | null;
}

export type PaymentEvent =
  | { type: 'method.change'; method: PaymentMethod }
  | { type: 'payment.submit' }
  | { type: 'review.retry' }
  | { type: 'checkout.retry' };

export const GATEWAY_PATH = '/pay/payment-gateway-payment-flow';

/** The D9 breakup of the draft for the chosen method; null until draft and fees are known. */
export function selectBreakup(context: PaymentContext): Breakup | null {
  if (!context.draft || !context.fees) return null;
  return computeBreakup({
    amount: context.draft.amount,
    method: context.method,
    baseRate: context.fees.baseRate,
  });
}

/**
 * D20: the session this payment books, as the review shows it: the window from when the review
 * opened (the server books the one from when the order is created, normally the same hour).
 */
export function bookedSession(context: PaymentContext): SessionTimes | null {
  return context.draft?.book ? sessionTimes(new Date(context.now)) : null;
}

/** The card fee rate shown on the method choice: '1', '1.5'. */
export function cardRate(context: PaymentContext): string {
  return String(effectiveBaseRate(context.fees?.baseRate));
}

function orderOf(context: PaymentContext): OrderDraft {
  const draft = context.draft as PaymentDraft;
  return {
    payerId: draft.payerId,
    payeeId: draft.payeeId,
    method: context.method,
    breakup: selectBreakup(context) as Breakup,
    linkId: draft.linkId,
    bookSession: draft.book,
  };
}

const track = (event: AnalyticsEvent) => ({ type: 'track', params: { event } }) as const;

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    input: {} as PaymentInput,
    events: {} as PaymentEvent,
  },
  actors: {
    readDraft: abstractPromise<DraftFacts>('readDraft'),
    loadFees: abstractPromise<FeeSettings>('loadFees'),
    createOrder: abstractPromise<CreatedOrder, { order: OrderDraft; idempotencyKey: string }>(
      'createOrder',
    ),
    /** Loads the gateway's script and opens the checkout; the tab then leaves. */
    openCheckout: abstractPromise<void, { paymentSessionId: string }>('openCheckout'),
  },
  actions: {
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
    /** D1: kept for /pay/redirect and /pay/status (the gateway returns only order_id). */
    storeOrder: (_: unknown, _params: { orderId: string }) => notProvided('storeOrder'),
    track: (_: unknown, _params: { event: AnalyticsEvent }) => notProvided('track'),
  },
}).createMachine({
  id: 'payment',
  description: 'Review, order creation and the hosted checkout (spec §4 "Payment").',
  context: ({ input }) => ({
    idempotencyKeys: input.idempotencyKeys,
    now: input.now,
    draft: null,
    fees: null,
    method: PAYMENT_METHOD.card,
    order: null,
    error: null,
  }),
  initial: 'loadingDraft',
  states: {
    loadingDraft: {
      tags: ['loading'],
      invoke: {
        id: 'readDraft',
        src: 'readDraft',
        onDone: [
          {
            guard: ({ event }) => draftVerdict(event.output).kind === 'login',
            target: 'leaving',
            actions: { type: 'navigate', params: { to: '/student/login', replace: true } },
          },
          {
            guard: ({ event }) => draftVerdict(event.output).kind === 'details',
            target: 'leaving',
            actions: { type: 'navigate', params: { to: '/pay/payment-details', replace: true } },
          },
          {
            guard: ({ event }) => draftVerdict(event.output).kind === 'paid',
            target: 'leaving',
            actions: { type: 'navigate', params: { to: '/student/dashboard', replace: true } },
          },
          {
            target: 'loadingFees',
            actions: assign({
              draft: ({ event }) => {
                const verdict = draftVerdict(event.output);
                return verdict.kind === 'ready' ? verdict.draft : null;
              },
            }),
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ error: () => messages.review.loadFailed }),
        },
      },
    },
    loadingFees: {
      tags: ['loading'],
      invoke: {
        id: 'loadFees',
        src: 'loadFees',
        onDone: { target: 'ready', actions: assign({ fees: ({ event }) => event.output }) },
        onError: {
          // Money is shown: no guessing a rate the server may not use.
          target: 'loadFailed',
          actions: assign({ error: () => messages.review.loadFailed }),
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'review.retry': { target: 'loadingDraft', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'method.change': { actions: assign({ method: ({ event }) => event.method, error: null }) },
        'payment.submit': {
          target: 'creatingOrder',
          actions: [assign({ error: null }), track(ANALYTICS_EVENTS.clickedProceed)],
        },
      },
    },
    creatingOrder: {
      tags: ['loading'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({
          order: orderOf(context),
          idempotencyKey: context.idempotencyKeys[context.method],
        }),
        onDone: {
          target: 'openingCheckout',
          actions: [
            assign({ order: ({ event }) => event.output }),
            { type: 'storeOrder', params: ({ event }) => ({ orderId: event.output.id }) },
            { type: 'navigate', params: { to: GATEWAY_PATH } },
          ],
        },
        onError: [
          {
            guard: ({ event }) => isUnauthorized(event.error),
            description: 'The session ended: log in again',
            target: 'leaving',
            actions: { type: 'navigate', params: { to: '/student/login' } },
          },
          {
            target: 'ready',
            actions: assign({
              error: ({ event }) =>
                orderErrorText(httpStatus(event.error), serverMessage(event.error)),
            }),
          },
        ],
      },
    },
    openingCheckout: {
      tags: ['loading', 'checkout'],
      invoke: {
        id: 'openCheckout',
        src: 'openCheckout',
        input: ({ context }) => ({ paymentSessionId: context.order?.paymentSessionId ?? '' }),
        onDone: { target: 'redirecting' },
        onError: {
          target: 'checkoutFailed',
          actions: assign({ error: () => messages.checkout.failed }),
        },
      },
    },
    checkoutFailed: {
      tags: ['error', 'checkout'],
      on: { 'checkout.retry': { target: 'openingCheckout', actions: assign({ error: null }) } },
    },
    /** The checkout took over the tab; shown only until the page unloads (or after back). */
    redirecting: {
      tags: ['checkout'],
      on: { 'checkout.retry': { target: 'openingCheckout' } },
    },
    leaving: { type: 'final' },
  },
});
