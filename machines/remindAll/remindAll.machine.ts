// 'Remind all overdue' on the Dues tab (issue 48, D239): one reminder now to every payer with a
// due past its date and unpaid, within the rules of one reminder (the hours, the day's one
// reminder, STOP), after a confirm; then what went: sent, skipped, reminded today already.
//
//   idle ──remindAll.ask──▶ confirming ──remindAll.yes──▶ sending ──done──▶ done (the counts)
//                              └─remindAll.no──▶ idle
//   sending ──error──▶ failed (the server's message: outside the hours) ──remindAll.yes──▶
//           sending; ──remindAll.no──▶ idle
//   sending ──401──▶ unauthorized (final: the page sends the tutor to login)
//   done ──remindAll.ask──▶ confirming
//
// The call is abstract (`remindAll`); `reminded` (abstract) lets the page reload its log.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export interface RemindAllResult {
  sent: number;
  skipped: number;
  already: number;
}

export interface RemindAllContext {
  result: RemindAllResult | null;
  error: string | null;
}

export type RemindAllEvent =
  { type: 'remindAll.ask' } | { type: 'remindAll.yes' } | { type: 'remindAll.no' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const remindAllMachine = setup({
  types: { context: {} as RemindAllContext, events: {} as RemindAllEvent },
  actors: { remindAll: abstractPromise<RemindAllResult>('remindAll') },
  actions: {
    /** Abstract: reminders went (or were logged as skipped): reload the log. */
    reminded: () => notProvided('reminded'),
  },
  guards: { unauthorized: ({ event }) => isUnauthorized(errorOf(event)) },
}).createMachine({
  id: 'remindAll',
  description: 'Remind every payer with an overdue due, within the rules of one reminder (D239).',
  context: { result: null, error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'remindAll.ask': { target: 'confirming' } } },
    confirming: {
      on: {
        'remindAll.yes': { target: 'sending' },
        'remindAll.no': { target: 'idle' },
      },
    },
    sending: {
      tags: 'loading',
      invoke: {
        id: 'remindAll',
        src: 'remindAll',
        onDone: {
          target: 'done',
          actions: [assign({ result: ({ event }) => event.output, error: null }), 'reminded'],
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => serverText(errorOf(event), messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: {
        'remindAll.yes': { target: 'sending', actions: assign({ error: null }) },
        'remindAll.no': { target: 'idle', actions: assign({ error: null }) },
      },
    },
    done: { on: { 'remindAll.ask': { target: 'confirming' } } },
    unauthorized: { type: 'final' },
  },
});

export type RemindAllActorRef = ActorRefFrom<typeof remindAllMachine>;
export type RemindAllSnapshot = SnapshotFrom<typeof remindAllMachine>;
