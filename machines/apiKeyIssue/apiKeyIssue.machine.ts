// Issuing an API key on the tutor dashboard (D19): the key is shown once, then forgotten.
//
//   editing ──key.issue (a name)──▶ issuing ──done──▶ shown (the key, once) ──key.dismiss──▶ editing
//      ▲  └─key.issue (no name): the name's message shows          (the key leaves the context)
//      └──name.change── failed ◀──error (the server's message: 5 active keys (409) …)
//                         └──key.issue──▶ issuing
//   issuing ──401──▶ unauthorized (final: the page sends the tutor to login)
//
// The call is abstract (`issueKey`); `issued` (abstract) lets the page reload its key list.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { API_KEY_NAME_MAX_LENGTH } from '../../src/domain/constants';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

/** A key as listed: never the key itself (D19). */
export interface ApiKeyItem {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The answer to issuing: the key itself, this once. */
export interface IssuedKey extends ApiKeyItem {
  key: string;
}

/** The name's message, or null when it can be sent. */
export function apiKeyNameError(name: string): string | null {
  return name.trim() === '' ? dashboardTexts.tutor.apiKeys.nameRequired : null;
}

export interface ApiKeyIssueContext {
  name: string;
  /** The name's message shows once an issue was refused. */
  showError: boolean;
  /** The new key: only in state `shown`. */
  issued: IssuedKey | null;
  error: string | null;
}

export type ApiKeyIssueEvent =
  { type: 'name.change'; value: string } | { type: 'key.issue' } | { type: 'key.dismiss' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const apiKeyIssueMachine = setup({
  types: {
    context: {} as ApiKeyIssueContext,
    events: {} as ApiKeyIssueEvent,
  },
  actors: {
    issueKey: abstractPromise<IssuedKey, { name: string }>('issueKey'),
  },
  actions: {
    changeName: assign({
      name: ({ context, event }) =>
        event.type === 'name.change' ? event.value.slice(0, API_KEY_NAME_MAX_LENGTH) : context.name,
      error: null,
    }),
    /** Abstract: a key was issued: reload the list. */
    issued: () => notProvided('issued'),
  },
  guards: {
    named: ({ context }) => apiKeyNameError(context.name) === null,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'apiKeyIssue',
  description: 'Issue an API key by name; the key is shown once, then forgotten.',
  context: { name: '', showError: false, issued: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'name.change': { actions: 'changeName' },
        'key.issue': [
          { guard: 'named', target: 'issuing' },
          { actions: assign({ showError: true }) },
        ],
      },
    },
    issuing: {
      tags: 'loading',
      invoke: {
        id: 'issueKey',
        src: 'issueKey',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: {
          target: 'shown',
          actions: [assign({ issued: ({ event }) => event.output }), 'issued'],
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
    shown: {
      on: {
        'key.dismiss': {
          target: 'editing',
          actions: assign({ issued: null, name: '', showError: false }),
        },
      },
    },
    failed: {
      tags: 'error',
      on: {
        'name.change': { target: 'editing', actions: 'changeName' },
        'key.issue': { target: 'issuing', actions: assign({ error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type ApiKeyIssueActorRef = ActorRefFrom<typeof apiKeyIssueMachine>;
export type ApiKeyIssueSnapshot = SnapshotFrom<typeof apiKeyIssueMachine>;
