// The student's Logout (D13), and the way out when the session is gone (a 401 anywhere on the
// student's dashboard or receipt).
//
//   active ──logout──▶ loggingOut (POST auth/logout/; a failure is ignored: the session ends
//      │                    here anyway) ──▶ done (clearAll, to /student/login)
//      └──session.expired──▶ done
//
// Effects are abstract: the call `logout`; the actions `clearAll`, `navigate`.
import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { abstractPromise, notProvided } from '../shared/abstract';
import type { NavigateParams } from '../shared/navigation';

export const STUDENT_LOGIN_PATH = '/student/login';

export type StudentLogoutEvent = { type: 'logout' } | { type: 'session.expired' };

export const studentLogoutMachine = setup({
  types: {
    events: {} as StudentLogoutEvent,
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
  id: 'studentLogout',
  description: 'Logout, or a session found gone: storage cleared, then the student login.',
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
      entry: ['clearAll', { type: 'navigate', params: { to: STUDENT_LOGIN_PATH, replace: true } }],
    },
  },
});

export type StudentLogoutActorRef = ActorRefFrom<typeof studentLogoutMachine>;
export type StudentLogoutSnapshot = SnapshotFrom<typeof studentLogoutMachine>;
