// Logout (D13), and the way out when the session is gone (a 401 anywhere behind a login), for
// both roles: the page gives its role, and the session ends on that role's login page.
//
//   active ──logout──▶ loggingOut (POST auth/logout/; a failure is ignored: the session ends
//      │                    here anyway) ──▶ done (clearAll, to the role's login)
//      └──session.expired──▶ done
//
// Effects are abstract: the call `logout`; the actions `clearAll`, `navigate`.
import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { UserRole } from '../../src/domain/constants';
import { abstractPromise, notProvided } from '../shared/abstract';
import { LOGIN_PATHS } from '../shared/loginPaths';
import type { NavigateParams } from '../shared/navigation';

export interface SessionInput {
  role: UserRole;
}

export type SessionEvent = { type: 'logout' } | { type: 'session.expired' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionInput,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    logout: abstractPromise<void, void>('logout'),
  },
  actions: {
    /** Abstract: every stored key goes (D13). */
    clearAll: () => notProvided('clearAll'),
    /** Abstract: the router. */
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
  },
}).createMachine({
  id: 'session',
  description: "Logout, or a session found gone: storage cleared, then the role's login.",
  context: ({ input }) => ({ role: input.role }),
  initial: 'active',
  states: {
    active: {
      on: {
        logout: { target: 'loggingOut' },
        // The token is no longer valid: nothing to tell the server.
        'session.expired': { target: 'done' },
      },
    },
    loggingOut: {
      tags: 'loading',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'done' },
        // D13: a logout the server did not hear still ends the session in this browser.
        onError: { target: 'done' },
      },
    },
    done: {
      type: 'final',
      entry: [
        'clearAll',
        {
          type: 'navigate',
          params: ({ context }) => ({ to: LOGIN_PATHS[context.role], replace: true }),
        },
      ],
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
