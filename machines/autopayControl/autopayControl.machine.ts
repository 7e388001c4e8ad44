// The payer's control of one mandate on their dashboard (issue 49): pause an active one, resume
// one they paused, cancel one still running, each behind a confirm.
//
//   idle ──control.ask(pause | resume | cancel, when the status allows it)──▶ confirming
//   confirming ──control.confirm──▶ working ──done──▶ idle (the new status, 'Autopay is paused.')
//        └──control.dismiss──▶ idle           └──error──▶ failed (the refusal) ──confirm──▶ working
//                                             └──401──▶ unauthorized (final)    └──dismiss──▶ idle
//
// The call is abstract (`perform`, given the mandate and the action); `changed` (abstract) lets
// the page reload what depends on it.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { isFinalMandate, type MandateStatus } from '../../src/domain/autopay';
import { messages } from '../../src/domain/messages';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export type ControlAction = 'pause' | 'resume' | 'cancel';

export interface AutopayControlContext {
  mandateId: string;
  status: MandateStatus;
  asked: ControlAction | null;
  /** The last action that went through (its 'done' line), until the next is asked. */
  done: ControlAction | null;
  error: string | null;
}

export type AutopayControlEvent =
  | { type: 'control.ask'; action: ControlAction }
  | { type: 'control.confirm' }
  | { type: 'control.dismiss' };

/** Which actions a mandate in `status` takes (the server refuses the others). */
export function allowedActions(status: MandateStatus): ControlAction[] {
  if (isFinalMandate(status)) return [];
  if (status === 'ACTIVE') return ['pause', 'cancel'];
  if (status === 'PAUSED') return ['resume', 'cancel'];
  return ['cancel'];
}

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const autopayControlMachine = setup({
  types: {
    context: {} as AutopayControlContext,
    input: {} as { mandateId: string; status: MandateStatus },
    events: {} as AutopayControlEvent,
  },
  actors: {
    perform: abstractPromise<MandateStatus, { mandateId: string; action: ControlAction }>(
      'perform',
    ),
  },
  actions: {
    changed: () => notProvided('changed'),
  },
  guards: {
    allowed: ({ context, event }) =>
      event.type === 'control.ask' && allowedActions(context.status).includes(event.action),
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'autopayControl',
  description: "The payer's pause, resume and cancel of a mandate, each confirmed first.",
  context: ({ input }) => ({ ...input, asked: null, done: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'control.ask': {
          guard: 'allowed',
          target: 'confirming',
          actions: assign({
            asked: ({ event }) => event.action,
            done: null,
            error: null,
          }),
        },
      },
    },
    confirming: {
      on: {
        'control.confirm': { target: 'working' },
        'control.dismiss': { target: 'idle', actions: assign({ asked: null }) },
      },
    },
    working: {
      tags: 'loading',
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => ({ mandateId: context.mandateId, action: context.asked! }),
        onDone: {
          target: 'idle',
          actions: [
            assign({
              status: ({ event }) => event.output,
              done: ({ context }) => context.asked,
              asked: null,
            }),
            'changed',
          ],
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: [
              assign({
                error: ({ event }) => serverText(event.error, messages.generic.somethingWrong),
              }),
              'changed',
            ],
          },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: {
        'control.confirm': { target: 'working', actions: assign({ error: null }) },
        'control.dismiss': { target: 'idle', actions: assign({ asked: null, error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type AutopayControlActorRef = ActorRefFrom<typeof autopayControlMachine>;
