// /tutor/dashboard, the minimal one of issue 4 (the full dashboard is a later issue): the tutor's
// name, a KYC card, the once-only congratulations dialog and Logout.
//
//   active ──Logout──▶ loggingOut (POST auth/logout/; its failure is ignored: the token is
//                      forgotten either way) ──▶ done: every stored key cleared, /tutor/login
//
// The dialog is open when the page starts with the showDialog flag (set by
// tutor/aadhar-verification); closing it clears the flag, so it shows once.
//
// Effects are abstract: the call `logout`; the actions `clearDialogFlag`, `clearAll`, `navigate`.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { canAcceptPayments, gatewayStatus, type TutorFacts } from '../../src/domain/onboarding';
import { abstractPromise, notProvided } from '../shared/abstract';
import type { NavigateParams } from '../shared/navigation';
import { TUTOR_LOGIN_PATH, type TutorSummary } from '../tutorGuard/onboardingStep';

/** What the KYC card says: payments open, under review (2-3 business days), or complete KYC. */
export type KycCard = 'accepting' | 'underReview' | 'incomplete';

export function kycCard(tutor: TutorFacts): KycCard {
  const status = gatewayStatus(tutor.pg_onboarding_status);
  if (canAcceptPayments(status)) return 'accepting';
  if (status === 'MIN_KYC_SUBMITTED') return 'underReview';
  return 'incomplete';
}

export interface TutorDashboardInput {
  profile: TutorSummary;
  /** The showDialog flag was stored. */
  showDialog: boolean;
}

export interface TutorDashboardContext {
  /** First and last name; empty when the tutor has none yet. */
  name: string;
  /** For the static link and the public profile; null before onboarding gives one (D18). */
  username: string | null;
  kyc: KycCard;
  dialogOpen: boolean;
}

export type TutorDashboardEvent = { type: 'dialog.close' } | { type: 'logout' };

export const tutorDashboardMachine = setup({
  types: {
    context: {} as TutorDashboardContext,
    events: {} as TutorDashboardEvent,
    input: {} as TutorDashboardInput,
    children: {} as { logout: 'logout' },
  },
  actors: {
    logout: abstractPromise<void, void>('logout'),
  },
  actions: {
    /** Abstract: remove the showDialog flag. */
    clearDialogFlag: () => notProvided('clearDialogFlag'),
    /** Abstract: logout clears every stored key (D13). */
    clearAll: () => notProvided('clearAll'),
    /** Abstract: the router. */
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
  },
  guards: {
    dialogOpen: ({ context }) => context.dialogOpen,
  },
}).createMachine({
  id: 'tutorDashboard',
  description: 'The KYC card, the once-only congratulations dialog and Logout.',
  context: ({ input }) => ({
    name: [input.profile.first_name, input.profile.last_name]
      .map((part) => (part ?? '').trim())
      .filter(Boolean)
      .join(' '),
    username: input.profile.username ?? null,
    kyc: kycCard(input.profile),
    dialogOpen: input.showDialog,
  }),
  initial: 'active',
  states: {
    active: {
      on: {
        'dialog.close': {
          guard: 'dialogOpen',
          actions: [assign({ dialogOpen: false }), 'clearDialogFlag'],
        },
        logout: { target: 'loggingOut' },
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
      entry: ['clearAll', { type: 'navigate', params: { to: TUTOR_LOGIN_PATH, replace: true } }],
    },
  },
});

export type TutorDashboardActorRef = ActorRefFrom<typeof tutorDashboardMachine>;
export type TutorDashboardSnapshot = SnapshotFrom<typeof tutorDashboardMachine>;
