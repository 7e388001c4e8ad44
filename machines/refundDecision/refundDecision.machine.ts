// One decision on a refund request (issue 5, D1): the tutor approves or declines it, after a
// confirm dialog ("Refund ₹X to {student}?").
//
//   confirming ──confirm──▶ sending ──done──▶ done (final; the list reloads)
//       │                     │──409──▶ failed, conflict (the server's message; the list reloads)
//       │                     │──error──▶ failed (the error shown; retry sends again)
//       │                     └──401──▶ unauthorized (final: the page logs out)
//       └──cancel──▶ closed (final)         failed ──close──▶ closed
//
// Effects are abstract: the call `decide` (approve or decline) and the action `reloadList`
// (the refunds list shows what the server now says).
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import type { Paise } from '../../src/domain/money';
import { abstractPromise, notProvided } from '../shared/abstract';
import { httpStatus, isUnauthorized, serverText } from '../shared/failure';

export type RefundDecisionKind = 'approve' | 'decline';

export interface RefundToDecide {
  id: string;
  studentName: string;
  amount: Paise;
}

export interface RefundDecisionInput {
  refund: RefundToDecide;
  decision: RefundDecisionKind;
}

export interface RefundDecisionContext extends RefundDecisionInput {
  error: string | null;
  /** The server said it was already decided (409): sending again would change nothing. */
  conflict: boolean;
}

export type RefundDecisionEvent =
  { type: 'confirm' } | { type: 'cancel' } | { type: 'retry' } | { type: 'close' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const refundDecisionMachine = setup({
  types: {
    context: {} as RefundDecisionContext,
    events: {} as RefundDecisionEvent,
    input: {} as RefundDecisionInput,
  },
  actors: {
    decide: abstractPromise<unknown, { id: string; decision: RefundDecisionKind }>('decide'),
  },
  actions: {
    /** Abstract: reload the refunds list. */
    reloadList: () => notProvided('reloadList'),
  },
  guards: {
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    conflict: ({ event }) => httpStatus(errorOf(event)) === 409,
  },
}).createMachine({
  id: 'refundDecision',
  description: 'Approve or decline one refund request, after the tutor confirms it.',
  context: ({ input }) => ({ ...input, error: null, conflict: false }),
  initial: 'confirming',
  states: {
    confirming: {
      on: { confirm: 'sending', cancel: 'closed' },
    },
    sending: {
      tags: 'loading',
      entry: assign({ error: null }),
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ id: context.refund.id, decision: context.decision }),
        onDone: { target: 'done', actions: 'reloadList' },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            guard: 'conflict',
            target: 'failed',
            actions: [
              assign({
                conflict: true,
                error: ({ event }) =>
                  serverText(event.error, dashboardTexts.tutor.refunds.decisionFailed),
              }),
              'reloadList',
            ],
          },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) =>
                serverText(event.error, dashboardTexts.tutor.refunds.decisionFailed),
            }),
          },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: {
        retry: { guard: ({ context }) => !context.conflict, target: 'sending' },
        close: 'closed',
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
    unauthorized: { type: 'final' },
  },
});

export type RefundDecisionActorRef = ActorRefFrom<typeof refundDecisionMachine>;
export type RefundDecisionSnapshot = SnapshotFrom<typeof refundDecisionMachine>;
