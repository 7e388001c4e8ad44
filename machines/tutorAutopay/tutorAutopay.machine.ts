// The tutor's Autopay list on the Students and Dues tabs (issue 49): each student's mandate, its
// status, the next debit's date and amount, and Cancel behind a confirm.
//
//   loading ──done──▶ ready ──cancel.ask(a mandate still running)──▶ confirming
//     └──error──▶ loadFailed ──list.retry──▶ loading     confirming ──cancel.confirm──▶ cancelling
//                                                          └──cancel.dismiss──▶ ready
//   cancelling ──done──▶ ready (the row as the server has it now, 'Autopay cancelled.')
//        └──error──▶ cancelFailed (the refusal) ──confirm──▶ cancelling, ──dismiss──▶ ready
//   loading, cancelling ──401──▶ unauthorized (final)
//
// The calls are abstract (`fetchMandates`, `cancelMandate`).
import { assign, setup, type ActorRefFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { abstractPromise } from '../shared/abstract';
import { isLive, type TutorMandateView } from '../shared/autopay';
import { isUnauthorized, serverText, unreachableText } from '../shared/failure';

export interface TutorAutopayContext {
  rows: TutorMandateView[] | null;
  /** The mandate asked about (confirming, cancelling, cancelFailed). */
  asked: string | null;
  /** The mandate just cancelled ('Autopay cancelled.'), until the next is asked. */
  cancelled: string | null;
  error: string | null;
}

export type TutorAutopayEvent =
  | { type: 'cancel.ask'; id: string }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  | { type: 'list.retry' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const tutorAutopayMachine = setup({
  types: {
    context: {} as TutorAutopayContext,
    events: {} as TutorAutopayEvent,
  },
  actors: {
    fetchMandates: abstractPromise<TutorMandateView[]>('fetchMandates'),
    cancelMandate: abstractPromise<TutorMandateView, { id: string }>('cancelMandate'),
  },
  guards: {
    cancellable: ({ context, event }) =>
      event.type === 'cancel.ask' &&
      isLive(context.rows?.find((row) => row.id === event.id) ?? null),
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'tutorAutopay',
  description: "The tutor's view of their students' mandates, and Cancel.",
  context: { rows: null, asked: null, cancelled: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchMandates',
        src: 'fetchMandates',
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output }) },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'loadFailed',
            actions: assign({
              error: ({ event }) => unreachableText(event.error, messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'list.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'cancel.ask': {
          guard: 'cancellable',
          target: 'confirming',
          actions: assign({ asked: ({ event }) => event.id, cancelled: null }),
        },
      },
    },
    confirming: {
      on: {
        'cancel.confirm': { target: 'cancelling' },
        'cancel.dismiss': { target: 'ready', actions: assign({ asked: null }) },
      },
    },
    cancelling: {
      tags: 'loading',
      invoke: {
        id: 'cancelMandate',
        src: 'cancelMandate',
        input: ({ context }) => ({ id: context.asked! }),
        onDone: {
          target: 'ready',
          actions: assign({
            rows: ({ context, event }) =>
              (context.rows ?? []).map((row) => (row.id === event.output.id ? event.output : row)),
            cancelled: ({ context }) => context.asked,
            asked: null,
          }),
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          {
            target: 'cancelFailed',
            actions: assign({
              error: ({ event }) => serverText(event.error, messages.generic.somethingWrong),
            }),
          },
        ],
      },
    },
    cancelFailed: {
      tags: 'error',
      on: {
        'cancel.confirm': { target: 'cancelling', actions: assign({ error: null }) },
        'cancel.dismiss': { target: 'ready', actions: assign({ asked: null, error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type TutorAutopayActorRef = ActorRefFrom<typeof tutorAutopayMachine>;
