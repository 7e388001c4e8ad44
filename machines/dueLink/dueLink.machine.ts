// A due's own payment link and QR on the Dues tab (issue 14, D147): the tutor asks, the link
// for what is left of the due comes (the same one again while it has a day left), and shows
// with its QR to share or show in class.
//
//   idle ──link.open──▶ fetching ──done──▶ shown ──link.close──▶ idle
//                          └─error──▶ failed ──link.retry──▶ fetching; ──link.close──▶ idle
//   fetching ──401──▶ unauthorized (final: the page sends the tutor to login)
//
// The call is abstract (`fetchLink`).
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { abstractPromise } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export interface DueLinkShown {
  url: string;
  /** Paise. */
  amount: number;
}

export interface DueLinkContext {
  dueId: number | null;
  student: string;
  link: DueLinkShown | null;
  error: string | null;
}

export type DueLinkEvent =
  | { type: 'link.open'; dueId: number; student: string }
  | { type: 'link.retry' }
  | { type: 'link.close' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const closed = { dueId: null, student: '', link: null, error: null };

export const dueLinkMachine = setup({
  types: { context: {} as DueLinkContext, events: {} as DueLinkEvent },
  actors: { fetchLink: abstractPromise<DueLinkShown, number>('fetchLink') },
  guards: { unauthorized: ({ event }) => isUnauthorized(errorOf(event)) },
}).createMachine({
  id: 'dueLink',
  description: "A due's own payment link and QR, for the tutor to share.",
  context: closed,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'link.open': {
          target: 'fetching',
          actions: assign(({ event }) => ({
            ...closed,
            dueId: event.dueId,
            student: event.student,
          })),
        },
      },
    },
    fetching: {
      tags: 'loading',
      invoke: {
        id: 'fetchLink',
        src: 'fetchLink',
        input: ({ context }) => context.dueId!,
        onDone: { target: 'shown', actions: assign({ link: ({ event }) => event.output }) },
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
    shown: { on: { 'link.close': { target: 'idle', actions: assign(closed) } } },
    failed: {
      tags: 'error',
      on: {
        'link.retry': { target: 'fetching', actions: assign({ error: null }) },
        'link.close': { target: 'idle', actions: assign(closed) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type DueLinkActorRef = ActorRefFrom<typeof dueLinkMachine>;
export type DueLinkSnapshot = SnapshotFrom<typeof dueLinkMachine>;
