// Student sign-up (spec §2 /student/signup, §4 "Student login" 5-6, §5, §8; D2, D16):
// the student's names as on the PAN, and the PAN, saved for their own phone by the
// personal-details form (machines/personalDetails); then on into the flow they came in by
// (routeByFlow.ts, as after login).
//
//   starting ── no token ──▶ done (/student/login)
//      │ the form draft and the onboarding prefill from storage
//   loadingUser (getMe) ── complete profile ──▶ routing      401 ──▶ done (/student/login)
//      │ names (draft, prefill, then server), PAN field unless a PAN is on file
//   details (personalDetails) ── saved ──▶ routing ──▶ done (the flow's page)
//      └─ 401 ──▶ done (/student/login)
//
// D16: the draft (names and PAN) lives in session storage only while the form is filled;
// `clearDraft` removes it once the details are saved.
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { panInput } from '../../src/domain/validation';
import { nameInput } from '../shared/fields';
import { httpStatus, serverText } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isProfileComplete, type Me } from '../login/profile';
import {
  detailsInput,
  personalDetailsMachine,
  type PersonalDetailsOutput,
  type PersonalDraft,
} from '../personalDetails/personalDetails.machine';
import {
  PATHS,
  routeByFlowActor,
  type PaymentToStore,
  type RouteDecision,
} from '../login/routeByFlow';

/** What `loadSignup` reads from storage. */
export interface SignupStart {
  /** An access token is stored (spec §4: a student-login check with no token goes to login). */
  signedIn: boolean;
  /** This form's own draft (onboardingDetails), kept while it is filled. */
  draft: PersonalDraft | null;
  /** Names and PAN handed over by an earlier screen (autoFillDetails). */
  autoFill: PersonalDraft | null;
}

export interface StudentSignupContext {
  /** What the form opens with: the draft, the hand-over, then the server's names. */
  firstName: string;
  lastName: string;
  pan: string;
  /** The student's own phone (getMe), the onboarding call's `phone`. */
  phone: string;
  /** No PAN is on file: the form asks for one. */
  panRequired: boolean;
  /** Why loading or going on failed (tag `error`). */
  error: string | null;
}

export type StudentSignupEvent =
  /** 'Try again' after a failed load or a failed step into the flow. */
  { type: 'signup.retry' };

const firstText = (...values: (string | null | undefined)[]): string =>
  values.find((v) => typeof v === 'string' && v.trim() !== '') ?? '';

const outputOf = (event: unknown): PersonalDetailsOutput | undefined =>
  (event as { output?: PersonalDetailsOutput }).output;

const toLogin = { type: 'navigate', params: { to: PATHS.studentLogin, replace: true } } as const;

export const studentSignupMachine = setup({
  types: {
    context: {} as StudentSignupContext,
    events: {} as StudentSignupEvent,
    children: {} as {
      loadSignup: 'loadSignup';
      fetchMe: 'fetchMe';
      details: 'personalDetails';
      routeByFlow: 'routeByFlow';
    },
  },
  actors: {
    loadSignup: abstractPromise<SignupStart, void>('loadSignup'),
    fetchMe: abstractPromise<Me, void>('fetchMe'),
    personalDetails: personalDetailsMachine,
    routeByFlow: routeByFlowActor,
  },
  actions: {
    /** Abstract: removes the form drafts (onboardingDetails, autoFillDetails) (D16). */
    clearDraft: () => notProvided('clearDraft'),
    /** Abstract: the active payment of a static or dynamic link (routeByFlow.ts). */
    storePayment: (_: unknown, _payment: PaymentToStore) => notProvided('storePayment'),
    /** Abstract: the router. */
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),

    applyDraft: assign(({ event }) => {
      const start = (event as { output?: SignupStart }).output;
      const draft = { ...start?.autoFill, ...pickFilled(start?.draft) };
      return {
        firstName: nameInput(draft.firstName ?? ''),
        lastName: nameInput(draft.lastName ?? ''),
        pan: panInput(draft.pan ?? ''),
      };
    }),
    prefill: assign(({ context, event }) => {
      const me = (event as { output?: Me }).output;
      if (!me) return {};
      return {
        firstName: nameInput(firstText(context.firstName, me.first_name)),
        lastName: nameInput(firstText(context.lastName, me.last_name)),
        phone: me.phone,
        panRequired: firstText(me.pan) === '',
        error: null,
      };
    }),
    failLoad: assign(({ event }) => ({
      error: serverText((event as { error?: unknown }).error, messages.generic.somethingWrong),
    })),
    failRouting: assign(({ event }) => ({
      error: serverText((event as { error?: unknown }).error, messages.generic.somethingWrong),
    })),
    clearError: assign({ error: null }),
    goOn: enqueueActions(({ enqueue, event }) => {
      const decision = (event as { output?: RouteDecision }).output;
      if (!decision) return;
      if (decision.store) enqueue({ type: 'storePayment', params: decision.store });
      enqueue({ type: 'navigate', params: { to: decision.to, replace: true } });
    }),
  },
  guards: {
    signedOut: ({ event }) => (event as { output?: SignupStart }).output?.signedIn !== true,
    profileComplete: ({ event }) => {
      const me = (event as { output?: Me }).output;
      return me !== undefined && isProfileComplete(me);
    },
    unauthorized: ({ event }) => httpStatus((event as { error?: unknown }).error) === 401,
    detailsSaved: ({ event }) => outputOf(event)?.result === 'saved',
  },
}).createMachine({
  id: 'studentSignup',
  description: 'PAN-based personal details, then on into the flow (spec §2 /student/signup, §5).',
  context: {
    firstName: '',
    lastName: '',
    pan: '',
    phone: '',
    panRequired: true,
    error: null,
  },
  initial: 'starting',
  states: {
    starting: {
      tags: 'loading',
      invoke: {
        id: 'loadSignup',
        src: 'loadSignup',
        onDone: [
          { guard: 'signedOut', target: 'done', actions: toLogin },
          { target: 'loadingUser', actions: 'applyDraft' },
        ],
        onError: { target: 'done', actions: toLogin },
      },
    },
    loadingUser: {
      tags: 'loading',
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        onDone: [
          // Nothing to fill in: on into the flow, leaving no draft behind (D16).
          { guard: 'profileComplete', target: 'routing', actions: 'clearDraft' },
          { target: 'details', actions: 'prefill' },
        ],
        onError: [
          { guard: 'unauthorized', target: 'done', actions: toLogin },
          { target: 'loadFailed', actions: 'failLoad' },
        ],
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'signup.retry': { target: 'loadingUser', actions: 'clearError' } },
    },
    details: {
      invoke: {
        id: 'details',
        src: 'personalDetails',
        // D16: the student's form is kept as a draft while filled.
        input: ({ context }) => detailsInput({ ...context, namesLocked: false }, true),
        onDone: [
          { guard: 'detailsSaved', target: 'routing', actions: 'clearDraft' },
          { target: 'done', actions: toLogin },
        ],
      },
    },
    routing: {
      tags: 'loading',
      invoke: {
        id: 'routeByFlow',
        src: 'routeByFlow',
        onDone: { target: 'done', actions: 'goOn' },
        onError: { target: 'routeFailed', actions: 'failRouting' },
      },
    },
    routeFailed: {
      tags: 'error',
      on: { 'signup.retry': { target: 'routing', actions: 'clearError' } },
    },
    done: { type: 'final' },
  },
});

/** The draft's filled fields only, so an empty draft field does not hide a prefill. */
function pickFilled(draft: PersonalDraft | null | undefined): PersonalDraft {
  const out: PersonalDraft = {};
  for (const key of ['firstName', 'lastName', 'pan'] as const) {
    const value = draft?.[key];
    if (value && value.trim() !== '') out[key] = value;
  }
  return out;
}

export type StudentSignupActorRef = ActorRefFrom<typeof studentSignupMachine>;
export type StudentSignupSnapshot = SnapshotFrom<typeof studentSignupMachine>;
