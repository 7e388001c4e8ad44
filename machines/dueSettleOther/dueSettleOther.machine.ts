// 'Paid another way' on the Dues tab (issue 14, D146): the tutor marks a due paid outside the
// app (a bank transfer, a cheque) and says how in a note; no money moves in the app.
//
//   idle ──settle.ask──▶ asking ──settle.note──▶ asking
//                          ├─settle.confirm (a note)──▶ working ──done──▶ done ('marked paid')
//                          ├─settle.confirm (none)──▶ asking (the message shows)
//                          └─settle.cancel──▶ idle
//   working ──error──▶ failed ──settle.confirm──▶ working; ──settle.cancel──▶ idle
//   working ──401──▶ unauthorized (final: the page sends the tutor to login)
//   done ──settle.ask──▶ asking (another due)
//
// The call is abstract (`settleOther`); `settled` (abstract) lets the page reload the month.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DUE_NOTE_MAX_LENGTH } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { tidyText } from '../../src/domain/validation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export interface DueSettleOtherContext {
  dueId: number | null;
  student: string;
  /** Paise left on the due. */
  amount: number;
  note: string;
  showError: boolean;
  error: string | null;
}

export type DueSettleOtherEvent =
  | { type: 'settle.ask'; dueId: number; student: string; amount: number }
  | { type: 'settle.note'; value: string }
  | { type: 'settle.confirm' }
  | { type: 'settle.cancel' };

const m = studentsTexts.duesTab;

/** The note's problem, or null. */
export const noteError = (note: string): string | null =>
  tidyText(note) === '' ? m.otherNoteRequired : null;

export const shownNoteError = (context: DueSettleOtherContext) =>
  context.showError ? noteError(context.note) : null;

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const closed = { dueId: null, student: '', amount: 0, note: '', showError: false, error: null };

export const dueSettleOtherMachine = setup({
  types: { context: {} as DueSettleOtherContext, events: {} as DueSettleOtherEvent },
  actors: {
    settleOther: abstractPromise<void, { id: number; note: string }>('settleOther'),
  },
  actions: {
    ask: assign(({ event }) =>
      event.type === 'settle.ask'
        ? { ...closed, dueId: event.dueId, student: event.student, amount: event.amount }
        : {},
    ),
    /** Abstract: a due was marked paid: reload the month. */
    settled: () => notProvided('settled'),
  },
  guards: {
    noted: ({ context }) => noteError(context.note) === null,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'dueSettleOther',
  description: 'Mark a due paid another way, with a note saying how.',
  context: closed,
  initial: 'idle',
  states: {
    idle: { on: { 'settle.ask': { target: 'asking', actions: 'ask' } } },
    asking: {
      on: {
        'settle.note': {
          actions: assign({ note: ({ event }) => event.value.slice(0, DUE_NOTE_MAX_LENGTH) }),
        },
        'settle.confirm': [
          { guard: 'noted', target: 'working' },
          { actions: assign({ showError: true }) },
        ],
        'settle.cancel': { target: 'idle', actions: assign(closed) },
      },
    },
    working: {
      tags: 'loading',
      invoke: {
        id: 'settleOther',
        src: 'settleOther',
        input: ({ context }) => ({ id: context.dueId!, note: tidyText(context.note) }),
        onDone: { target: 'done', actions: 'settled' },
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
        'settle.confirm': { target: 'working', actions: assign({ error: null }) },
        'settle.cancel': { target: 'idle', actions: assign(closed) },
      },
    },
    done: { on: { 'settle.ask': { target: 'asking', actions: 'ask' } } },
    unauthorized: { type: 'final' },
  },
});

export type DueSettleOtherActorRef = ActorRefFrom<typeof dueSettleOtherMachine>;
export type DueSettleOtherSnapshot = SnapshotFrom<typeof dueSettleOtherMachine>;
