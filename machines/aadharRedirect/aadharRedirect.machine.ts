// tutor/onboarding/aadhar-redirect (spec §2; D4): where the gateway's KYC page sends the tutor
// back. 'Verifying your aadhaar details...' while it works:
//
//   checking (read storage) ─┬─ no token: the non-dismissable Session Expired dialog
//                            └─ a token: forget the active flow, then
//   refreshing (the server re-reads the KYC status from the gateway) ──▶ deriving (profile →
//   tutorOnboardingStep; store the step and its target) ─┬─ not the dashboard: go there (replace);
//                                                        │    sign-up resumes at the stored step
//                                                        └─ the dashboard: congratulations
//                                                             ('under review' at MIN_KYC_SUBMITTED),
//                                                             Continue → /tutor/aadhar-verification
//
// A 401 on either call is the Session Expired dialog; offline or a 5xx an error with a retry.
// A 400 or 404 on the re-read means the stored user id is not the caller's (stale storage): the
// profile still holds the last status the server knows, so the step is derived from it.
//
// Effects are abstract: the calls `readSession`, `refreshStatus`, `fetchProfile`; the actions
// `clearActiveFlow`, `clearSession`, `storeStep`, `navigate`.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import {
  TUTOR_DASHBOARD_PATH,
  tutorOnboardingStep,
  type TutorOnboardingStep,
} from '../../src/domain/onboarding';
import { abstractPromise, notProvided } from '../shared/abstract';
import { httpStatus, isUnauthorized, unreachableText } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';
import {
  TUTOR_LOGIN_PATH,
  kycDoneTexts,
  derivedStep,
  toTarget,
  type StepToStore,
  type TutorSessionFacts,
  type TutorSummary,
} from '../tutorGuard/onboardingStep';

export const AADHAAR_VERIFICATION_PATH = '/tutor/aadhar-verification';

export interface AadharRedirectContext {
  session: TutorSessionFacts | null;
  onboarding: TutorOnboardingStep | null;
  /** Why checking the KYC status failed (tag `error`). */
  error: string | null;
}

export type AadharRedirectEvent =
  | { type: 'redirect.retry' }
  /** Continue under the congratulations. */
  | { type: 'redirect.continue' }
  /** Login in the Session Expired dialog. */
  | { type: 'session.login' };

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const sessionOf = (event: unknown) => (event as { output?: TutorSessionFacts }).output;

export const aadharRedirectMachine = setup({
  types: {
    context: {} as AadharRedirectContext,
    events: {} as AadharRedirectEvent,
    children: {} as {
      readSession: 'readSession';
      refreshStatus: 'refreshStatus';
      fetchProfile: 'fetchProfile';
    },
  },
  actors: {
    readSession: abstractPromise<TutorSessionFacts, void>('readSession'),
    /** `GET payments/pg/onboarding/{id}/`: the server re-reads the gateway (D35). */
    refreshStatus: abstractPromise<void, { userId: string }>('refreshStatus'),
    fetchProfile: abstractPromise<TutorSummary, void>('fetchProfile'),
  },
  actions: {
    /** Abstract: spec §2 "it clears the active flow". */
    clearActiveFlow: () => notProvided('clearActiveFlow'),
    /** Abstract: the server no longer knows the session: forget the token and the tutor flag. */
    clearSession: () => notProvided('clearSession'),
    /** Abstract: tutorOnboardingStep and tutorOnboardingNavigation (spec §3). */
    storeStep: (_: unknown, _step: StepToStore) => notProvided('storeStep'),
    /** Abstract: the router. */
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),

    saveSession: assign(({ event }) => ({ session: sessionOf(event) ?? null })),
    saveStep: assign(({ event }) => {
      const profile = (event as { output?: TutorSummary }).output;
      return { onboarding: profile ? tutorOnboardingStep(profile) : null };
    }),
    fail: assign(({ event }) => ({
      error: unreachableText(errorOf(event), messages.aadhaar.redirectFailed),
    })),
  },
  guards: {
    noToken: ({ event }) => sessionOf(event)?.hasToken !== true,
    noUserId: ({ event }) => !sessionOf(event)?.userId,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    staleUserId: ({ event }) => [400, 404].includes(httpStatus(errorOf(event)) ?? 0),
    notDashboard: ({ context }) => context.onboarding?.target !== TUTOR_DASHBOARD_PATH,
  },
}).createMachine({
  id: 'aadharRedirect',
  description: 'Back from the gateway KYC page: re-read the status, then on (spec §2).',
  context: { session: null, onboarding: null, error: null },
  initial: 'checking',
  states: {
    checking: {
      tags: 'loading',
      invoke: {
        id: 'readSession',
        src: 'readSession',
        onDone: [
          { guard: 'noToken', target: 'sessionExpired', actions: 'saveSession' },
          { guard: 'noUserId', target: 'deriving', actions: ['saveSession', 'clearActiveFlow'] },
          { target: 'refreshing', actions: ['saveSession', 'clearActiveFlow'] },
        ],
      },
    },
    refreshing: {
      tags: 'loading',
      invoke: {
        id: 'refreshStatus',
        src: 'refreshStatus',
        input: ({ context }) => ({ userId: context.session?.userId ?? '' }),
        onDone: { target: 'deriving' },
        onError: [
          { guard: 'unauthorized', target: 'sessionExpired', actions: 'clearSession' },
          { guard: 'staleUserId', target: 'deriving' },
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    deriving: {
      tags: 'loading',
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: {
          target: 'derived',
          actions: ['saveStep', { type: 'storeStep', params: derivedStep }],
        },
        onError: [
          { guard: 'unauthorized', target: 'sessionExpired', actions: 'clearSession' },
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    derived: {
      always: [
        {
          guard: 'notDashboard',
          target: 'done',
          actions: { type: 'navigate', params: toTarget },
        },
        { target: 'congratulations' },
      ],
    },
    failed: {
      tags: 'error',
      on: { 'redirect.retry': { target: 'checking', actions: assign({ error: null }) } },
    },
    /** Step 0: 'Congratulations for completing your Aadhaar KYC!' (D4: or under review). */
    congratulations: {
      on: {
        'redirect.continue': {
          target: 'done',
          actions: { type: 'navigate', params: { to: AADHAAR_VERIFICATION_PATH, replace: true } },
        },
      },
    },
    sessionExpired: {
      on: {
        'session.login': {
          target: 'done',
          actions: { type: 'navigate', params: { to: TUTOR_LOGIN_PATH, replace: true } },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type AadharRedirectActorRef = ActorRefFrom<typeof aadharRedirectMachine>;
export type AadharRedirectSnapshot = SnapshotFrom<typeof aadharRedirectMachine>;

/** The congratulations: start accepting now, or in 2-3 business days while under review. */
export function congratulationsTexts(snapshot: AadharRedirectSnapshot) {
  return kycDoneTexts(snapshot.context.onboarding?.kycUnderReview === true);
}
