// One destructive action on one item of a list, behind a confirm dialog: cancel a payment link,
// revoke an API key (D19).
//
//   idle ──confirm.ask(id)──▶ confirming ──confirm.yes──▶ working ──done──▶ done
//             ▲                   │                          │
//             └───confirm.no──────┘                          ├──error──▶ failed (the server's
//   done / failed ──confirm.ask──▶ confirming                 │          message, e.g. the 409
//   failed ──confirm.no──▶ idle                               │          "already paid")
//                                                            └──401──▶ unauthorized (final)
//
// The action is abstract (`perform`, given the item's id); `changed` (abstract) runs after the
// server answered either way, so the page reloads its list: a 409 means the item moved on.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export interface ConfirmActionContext {
  /** The item asked about; null when no dialog is open. */
  target: string | null;
  /** Why the action failed (state `failed`). */
  error: string | null;
}

export type ConfirmActionEvent =
  { type: 'confirm.ask'; id: string } | { type: 'confirm.yes' } | { type: 'confirm.no' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

const ask = { target: 'confirming', actions: 'ask' } as const;

export const confirmActionMachine = setup({
  types: {
    context: {} as ConfirmActionContext,
    events: {} as ConfirmActionEvent,
  },
  actors: {
    perform: abstractPromise<void, { id: string }>('perform'),
  },
  actions: {
    ask: assign({
      target: ({ context, event }) => (event.type === 'confirm.ask' ? event.id : context.target),
      error: null,
    }),
    /** Abstract: the item changed (or the server says it had): reload the list. */
    changed: () => notProvided('changed'),
  },
  guards: {
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'confirmAction',
  description: 'A destructive action on one list item, confirmed first; the list reloads after.',
  context: { target: null, error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'confirm.ask': ask } },
    confirming: {
      on: {
        'confirm.yes': { target: 'working' },
        'confirm.no': { target: 'idle', actions: assign({ target: null }) },
      },
    },
    working: {
      tags: 'loading',
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => ({ id: context.target ?? '' }),
        onDone: { target: 'done', actions: 'changed' },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'failed',
            actions: [
              assign({
                error: ({ event }) => serverText(errorOf(event), messages.generic.somethingWrong),
              }),
              'changed',
            ],
          },
        ],
      },
    },
    done: { on: { 'confirm.ask': ask } },
    failed: {
      tags: 'error',
      on: {
        'confirm.ask': ask,
        'confirm.no': { target: 'idle', actions: assign({ target: null, error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type ConfirmActionActorRef = ActorRefFrom<typeof confirmActionMachine>;
export type ConfirmActionSnapshot = SnapshotFrom<typeof confirmActionMachine>;
