// The tutor guard (spec §4 "Tutor guard", §2 "tutor/ is a parent guard"; D4): runs around every
// page under tutor/ and decides, on each page the tutor enters, whether it renders:
//
//   checking (read storage) ─┬─ student-login flag: clear storage, set the tutor-login flag,
//                            │    /tutor/login (replace; on the login itself, it renders)
//                            ├─ a token: deriving (profile → tutorOnboardingStep), store the step
//                            │    and its target, then
//                            │      login: go to the target
//                            │      signup at step 0, dashboard at a step other than 0: go to it
//                            │      otherwise: allowed
//                            └─ no token (or a 401 while deriving): login and complete-kyc render;
//                                 sign-up shows the non-dismissable Session Expired dialog;
//                                 the dashboard goes to /tutor/login
//
// Offline or a 5xx while deriving is an error with a retry, never a redirect on a guess.
// The guard lives as long as the tutor/ layout: each navigation inside it sends `page.enter`.
//
// Effects are abstract: the calls `readSession` (storage) and `fetchProfile`; the actions
// `resetForTutor`, `clearSession`, `storeStep`, `navigate`.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { tutorOnboardingStep, type TutorOnboardingStep } from '../../src/domain/onboarding';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, unreachableText } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';
import {
  TUTOR_LOGIN_PATH,
  derivedStep,
  toTarget,
  type StepToStore,
  type TutorSessionFacts,
  type TutorSummary,
} from './onboardingStep';

/** The guarded pages (spec §2 tutor/ children, and the dashboard). */
export type TutorPage = 'login' | 'signup' | 'completeKyc' | 'dashboard';

export interface TutorGuardInput {
  page: TutorPage;
}

export interface TutorGuardContext {
  page: TutorPage;
  session: TutorSessionFacts | null;
  /** The tutor, once derived: the pages read it (names, username, KYC status). */
  profile: TutorSummary | null;
  onboarding: TutorOnboardingStep | null;
  /** Why deriving failed (tag `error`). */
  error: string | null;
}

export type TutorGuardEvent =
  /** The tutor is on another page under tutor/ (a navigation). */
  | { type: 'page.enter'; page: TutorPage }
  /** Try deriving the step again after a failure. */
  | { type: 'guard.retry' }
  /** Login in the Session Expired dialog. */
  | { type: 'session.login' };

const toLogin: NavigateParams = { to: TUTOR_LOGIN_PATH, replace: true };

/** Spec §4: which page sends a logged-in tutor to the step's target instead of rendering. */
export function leavesFor(page: TutorPage, step: TutorOnboardingStep): boolean {
  if (page === 'login') return true;
  if (page === 'signup') return step.step === 0;
  if (page === 'dashboard') return step.step !== 0;
  return false;
}

export const tutorGuardMachine = setup({
  types: {
    context: {} as TutorGuardContext,
    events: {} as TutorGuardEvent,
    input: {} as TutorGuardInput,
    children: {} as { readSession: 'readSession'; fetchProfile: 'fetchProfile' },
  },
  actors: {
    readSession: abstractPromise<TutorSessionFacts, void>('readSession'),
    fetchProfile: abstractPromise<TutorSummary, void>('fetchProfile'),
  },
  actions: {
    /** Abstract: a student was logged in: clear every stored key, set the tutor-login flag. */
    resetForTutor: () => notProvided('resetForTutor'),
    /** Abstract: the server no longer knows the session: forget the token and the tutor flag. */
    clearSession: () => notProvided('clearSession'),
    /** Abstract: tutorOnboardingStep and tutorOnboardingNavigation (spec §3). */
    storeStep: (_: unknown, _step: StepToStore) => notProvided('storeStep'),
    /** Abstract: the router. */
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),

    /** Each page is checked afresh: storage may have changed since the last one (a login). */
    enterPage: assign(({ event }) =>
      event.type === 'page.enter'
        ? { page: event.page, session: null, profile: null, onboarding: null, error: null }
        : {},
    ),
    saveSession: assign(({ event }) => ({
      session: (event as { output?: TutorSessionFacts }).output ?? null,
    })),
    saveProfile: assign(({ event }) => {
      const profile = (event as { output?: TutorSummary }).output ?? null;
      return { profile, onboarding: profile ? tutorOnboardingStep(profile) : null, error: null };
    }),
    forgetSession: assign(({ context }) => ({
      session: context.session && { ...context.session, hasToken: false },
      profile: null,
      onboarding: null,
    })),
    fail: assign(({ event }) => ({
      error: unreachableText((event as { error?: unknown }).error, messages.tutorGuard.loadFailed),
    })),
  },
  guards: {
    studentOnLogin: ({ context, event }) =>
      (event as { output?: TutorSessionFacts }).output?.studentLogin === true &&
      context.page === 'login',
    studentLogin: ({ event }) =>
      (event as { output?: TutorSessionFacts }).output?.studentLogin === true,
    hasToken: ({ event }) => (event as { output?: TutorSessionFacts }).output?.hasToken === true,
    unauthorized: ({ event }) => isUnauthorized((event as { error?: unknown }).error),
    leavesForTarget: ({ context }) =>
      context.onboarding !== null && leavesFor(context.page, context.onboarding),
    openWithoutLogin: ({ context }) => context.page === 'login' || context.page === 'completeKyc',
    onSignup: ({ context }) => context.page === 'signup',
  },
}).createMachine({
  id: 'tutorGuard',
  description: 'Decides on each tutor page: render, redirect, or Session Expired (spec §4).',
  context: ({ input }) => ({
    page: input.page,
    session: null,
    profile: null,
    onboarding: null,
    error: null,
  }),
  initial: 'checking',
  on: {
    'page.enter': { target: '.checking', reenter: true, actions: 'enterPage' },
  },
  states: {
    checking: {
      tags: 'loading',
      invoke: {
        id: 'readSession',
        src: 'readSession',
        onDone: [
          {
            guard: 'studentOnLogin',
            target: 'allowed',
            actions: ['saveSession', 'resetForTutor'],
          },
          {
            guard: 'studentLogin',
            target: 'redirected',
            actions: ['saveSession', 'resetForTutor', { type: 'navigate', params: toLogin }],
          },
          { guard: 'hasToken', target: 'deriving', actions: 'saveSession' },
          { target: 'anonymous', actions: 'saveSession' },
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
          actions: ['saveProfile', { type: 'storeStep', params: derivedStep }],
        },
        onError: [
          // A 401 is the same as no token (D27): the session is gone.
          {
            guard: 'unauthorized',
            target: 'anonymous',
            actions: ['clearSession', 'forgetSession'],
          },
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    derived: {
      always: [
        {
          guard: 'leavesForTarget',
          target: 'redirected',
          actions: { type: 'navigate', params: toTarget },
        },
        { target: 'allowed' },
      ],
    },
    anonymous: {
      always: [
        { guard: 'openWithoutLogin', target: 'allowed' },
        { guard: 'onSignup', target: 'sessionExpired' },
        { target: 'redirected', actions: { type: 'navigate', params: toLogin } },
      ],
    },
    failed: {
      tags: 'error',
      on: { 'guard.retry': { target: 'deriving', actions: assign({ error: null }) } },
    },
    sessionExpired: {
      on: {
        'session.login': {
          target: 'redirected',
          actions: { type: 'navigate', params: toLogin },
        },
      },
    },
    /** The page may render. */
    allowed: {},
    /** On the way to another page; its `page.enter` starts the next check. */
    redirected: {},
  },
});

export type TutorGuardActorRef = ActorRefFrom<typeof tutorGuardMachine>;
export type TutorGuardSnapshot = SnapshotFrom<typeof tutorGuardMachine>;
