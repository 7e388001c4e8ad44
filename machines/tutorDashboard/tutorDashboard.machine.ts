// /tutor/dashboard's head: the tutor's name, a KYC card and the once-only congratulations
// dialog. Logout is the session machine's (machines/session), as on the student's dashboard.
//
// The dialog is open when the page starts with the showDialog flag (set by
// tutor/aadhar-verification); closing it clears the flag, so it shows once.
//
// Effects are abstract: the action `clearDialogFlag`.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { canAcceptPayments, gatewayStatus, type TutorFacts } from '../../src/domain/onboarding';
import { notProvided } from '../shared/abstract';
import type { TutorSummary } from '../tutorGuard/onboardingStep';

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

export type TutorDashboardEvent = { type: 'dialog.close' };

export const tutorDashboardMachine = setup({
  types: {
    context: {} as TutorDashboardContext,
    events: {} as TutorDashboardEvent,
    input: {} as TutorDashboardInput,
  },
  actions: {
    /** Abstract: remove the showDialog flag. */
    clearDialogFlag: () => notProvided('clearDialogFlag'),
  },
  guards: {
    dialogOpen: ({ context }) => context.dialogOpen,
  },
}).createMachine({
  id: 'tutorDashboard',
  description: 'The KYC card and the once-only congratulations dialog.',
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
      },
    },
  },
});

export type TutorDashboardActorRef = ActorRefFrom<typeof tutorDashboardMachine>;
export type TutorDashboardSnapshot = SnapshotFrom<typeof tutorDashboardMachine>;
