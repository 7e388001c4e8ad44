// A person's own data on their dashboard (issue 54, D322, D324, D325): their consent in force,
// a download of everything we hold (JSON or PDF, one a minute: the server's 429 says when),
// withdrawing the consent and erasing the data, each behind a confirm; an erasure ends with
// what the law kept and why.
//
//   loading ──▶ idle ──data.download──▶ downloading ──▶ idle (saved, or the refusal shown)
//               │ ──consent.withdraw──▶ confirmingWithdraw ──confirm.yes──▶ withdrawing ──▶ idle
//               │ ──data.erase──▶ confirmingErase ──confirm.yes──▶ erasing ──▶ erased
//               │       confirm.no: back to idle     erasing refused (a refund open: 409) ──▶
//               │       confirmingErase with the server's reason
//   erased ──data.leave──▶ left (final: the page clears the session, goes home)
//   any call's 401 ──▶ unauthorized (final)
//
// The calls are abstract (`fetchConsent`, `download`, `withdraw`, `erase`), as are `save` (a
// file to the device) and `leave`.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, refusalText, serverText } from '../shared/failure';
import type { SavedFile } from '../studentDashboard/studentPayments';

export type DataFormat = 'json' | 'pdf';

/** The consent in force: the notice's version and when it was given; null when none. */
export interface ConsentInForce {
  version: string;
  givenAt: string;
}

/** What an erasure kept, and why (the server's words, in the reader's language). */
export interface KeptRecord {
  kind: string;
  what: string;
  why: string;
  until: string | null;
}

export interface MyDataContext {
  consent: ConsentInForce | null;
  /** What just happened ('Downloaded …', 'Your consent is withdrawn.'). */
  done: string | null;
  error: string | null;
  kept: KeptRecord[] | null;
}

export type MyDataEvent =
  | { type: 'data.download'; format: DataFormat }
  | { type: 'consent.withdraw' }
  | { type: 'data.erase' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'data.leave' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const m = () => privacyTexts.myData;
const toUnauthorized = { guard: 'unauthorized', target: 'unauthorized' } as const;
const asked = { done: null, error: null };

export const myDataMachine = setup({
  types: {
    context: {} as MyDataContext,
    events: {} as MyDataEvent,
  },
  actors: {
    fetchConsent: abstractPromise<ConsentInForce | null, void>('fetchConsent'),
    download: abstractPromise<SavedFile, { format: DataFormat }>('download'),
    withdraw: abstractPromise<void, void>('withdraw'),
    erase: abstractPromise<KeptRecord[], void>('erase'),
  },
  actions: {
    /** Abstract: saves the file under its name (the UI: saveBlob). */
    save: (_: unknown, _file: SavedFile) => notProvided('save'),
    /** Abstract: the session is over (storage cleared), and the page goes home. */
    leave: () => notProvided('leave'),
  },
  guards: {
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    hasConsent: ({ context }) => context.consent !== null,
  },
}).createMachine({
  id: 'myData',
  description: 'A person’s own data: download, withdraw consent, erase (issue 54).',
  context: { consent: null, done: null, error: null, kept: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchConsent',
        src: 'fetchConsent',
        onDone: { target: 'idle', actions: assign({ consent: ({ event }) => event.output }) },
        // The page works without the consent line: download and erase need no answer here.
        onError: [toUnauthorized, { target: 'idle' }],
      },
    },
    idle: {
      on: {
        'data.download': { target: 'downloading', actions: assign(asked) },
        'consent.withdraw': {
          guard: 'hasConsent',
          target: 'confirmingWithdraw',
          actions: assign(asked),
        },
        'data.erase': { target: 'confirmingErase', actions: assign(asked) },
      },
    },
    downloading: {
      tags: 'loading',
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ event }) => ({
          format: event.type === 'data.download' ? event.format : ('json' as const),
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'save', params: ({ event }) => event.output },
            assign({ done: ({ event }) => m().downloaded(event.output.fileName) }),
          ],
        },
        onError: [
          toUnauthorized,
          {
            target: 'idle',
            // D325: a second download within the minute: the server says when.
            actions: assign({
              error: ({ event }) => refusalText(errorOf(event), m().downloadFailed),
            }),
          },
        ],
      },
    },
    confirmingWithdraw: {
      on: {
        'confirm.yes': { target: 'withdrawing' },
        'confirm.no': { target: 'idle' },
      },
    },
    withdrawing: {
      tags: 'loading',
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        onDone: { target: 'idle', actions: assign({ consent: null, done: () => m().withdrawn }) },
        onError: [
          toUnauthorized,
          {
            target: 'idle',
            actions: assign({
              error: ({ event }) => serverText(errorOf(event), privacyTexts.gate.failed),
            }),
          },
        ],
      },
    },
    confirmingErase: {
      on: {
        'confirm.yes': { target: 'erasing', actions: assign({ error: null }) },
        'confirm.no': { target: 'idle', actions: assign({ error: null }) },
      },
    },
    erasing: {
      tags: 'loading',
      invoke: {
        id: 'erase',
        src: 'erase',
        onDone: { target: 'erased', actions: assign({ kept: ({ event }) => event.output }) },
        onError: [
          toUnauthorized,
          {
            // A refund still open, a checkout in progress (409): the reason, nothing erased.
            target: 'confirmingErase',
            actions: assign({
              error: ({ event }) => serverText(errorOf(event), privacyTexts.api.erasureFailed),
            }),
          },
        ],
      },
    },
    erased: { on: { 'data.leave': { target: 'left', actions: 'leave' } } },
    left: { type: 'final' },
    unauthorized: { type: 'final' },
  },
});

export type MyDataActorRef = ActorRefFrom<typeof myDataMachine>;
export type MyDataSnapshot = SnapshotFrom<typeof myDataMachine>;
