// A student asks the tutor for a refund of one paid order (issue 5; spec §2 terms: within
// 24 hours of payment and before settlement, D5).
//
//   editing ──refund.submit (a reason)──▶ sending ──done──▶ sent (final)
//      ▲                                     │
//      └────────refund.edit──── failed ◀─────┘ error (the server's message: 400 the window
//                                            │        passed, 409 already requested)
//                                            └── 401 ──▶ unauthorized (final: to login)
//
// The call is abstract (`requestRefund`); the dialog shows the deadline from the input.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { REFUND_REASON_MAX_LENGTH } from '../../src/domain/constants';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { abstractPromise } from '../shared/abstract';
import { isUnauthorized, refusalText } from '../shared/failure';

export interface RefundRequestInput {
  orderId: string;
  /** ISO instant the refund window closes (the list's `refundable_until`). */
  refundableUntil: string;
}

export interface RefundRequestContext extends RefundRequestInput {
  reason: string;
  /** Why the last request failed (tag `error`). */
  error: string | null;
}

export type RefundRequestEvent =
  { type: 'reason.change'; value: string } | { type: 'refund.submit' } | { type: 'refund.edit' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const refundRequestMachine = setup({
  types: {
    context: {} as RefundRequestContext,
    events: {} as RefundRequestEvent,
    input: {} as RefundRequestInput,
  },
  actors: {
    requestRefund: abstractPromise<void, { orderId: string; reason: string }>('requestRefund'),
  },
  guards: {
    hasReason: ({ context }) => context.reason.trim() !== '',
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'refundRequest',
  description: "A refund request for one paid order, with the server's refusal shown.",
  context: ({ input }) => ({ ...input, reason: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'reason.change': {
          actions: assign({
            reason: ({ event }) => event.value.slice(0, REFUND_REASON_MAX_LENGTH),
          }),
        },
        'refund.submit': { guard: 'hasReason', target: 'sending' },
      },
    },
    sending: {
      tags: 'loading',
      entry: assign({ error: null }),
      invoke: {
        id: 'requestRefund',
        src: 'requestRefund',
        input: ({ context }) => ({ orderId: context.orderId, reason: context.reason.trim() }),
        onDone: { target: 'sent' },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => refusalText(event.error, dashboardTexts.student.refund.failed),
            }),
          },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: { 'refund.edit': { target: 'editing' } },
    },
    sent: { type: 'final' },
    unauthorized: { type: 'final' },
  },
});

export type RefundRequestActorRef = ActorRefFrom<typeof refundRequestMachine>;
export type RefundRequestSnapshot = SnapshotFrom<typeof refundRequestMachine>;
