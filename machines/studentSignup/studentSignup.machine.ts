// Student sign-up (spec §2 /student/signup, §4 "Student login" 5-6, §5, §8; D2, D16):
// the student's names as on the PAN, and the PAN, saved with `POST user/onboarding/` for
// their own phone; then on into the flow they came in by (routeByFlow.ts, as after login).
//
//   starting ── no token ──▶ done (/student/login)
//      │ the form draft and the onboarding prefill from storage
//   loadingUser (getMe) ── complete profile ──▶ routing      401 ──▶ done (/student/login)
//      │ names (draft, prefill, then server), PAN field unless a PAN is on file
//   editing ──submit──▶ submitting ──▶ routing ──▶ done (the flow's page)
//      ▲  failure: the server's message, else D2's 'Something went wrong. Please try again.'
//      └─ names only and the server has no PAN either: the PAN field appears (spec §5)
//
// Spec §5: "Name plus PAN is submitted when the PAN is valid. With name only, the server is
// asked first and the PAN field appears if the server returns no PAN." The PAN field shows
// from the start unless getMe says a PAN is on file; then names alone are sent, and the
// field appears if the server answers with no PAN after all.
//
// D16: the draft (names and PAN) lives in session storage only while the form is filled;
// `clearDraft` removes it once the details are saved.
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { panInput } from '../../src/domain/validation';
import { nameInput } from '../shared/fields';
import {
  isPersonalDetailsValid,
  onboardSelfBody,
  personalFieldErrors,
  personalInput,
  personalVisibleErrors,
  UNTOUCHED_PERSONAL,
  type PersonalField,
} from '../shared/personalDetails';
import { httpStatus, serverText } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isProfileComplete, type Me } from '../login/profile';
import {
  PATHS,
  routeByFlowActor,
  type PaymentToStore,
  type RouteDecision,
} from '../login/routeByFlow';

export type SignupField = PersonalField;

/** A form draft as storage keeps it (spec §3 "onboarding names and PAN", autoFillDetails). */
export interface SignupDraft {
  firstName?: string;
  lastName?: string;
  pan?: string;
}

/** What `loadSignup` reads from storage. */
export interface SignupStart {
  /** An access token is stored (spec §4: a student-login check with no token goes to login). */
  signedIn: boolean;
  /** This form's own draft (onboardingDetails), kept while it is filled. */
  draft: SignupDraft | null;
  /** Names and PAN handed over by an earlier screen (autoFillDetails). */
  autoFill: SignupDraft | null;
}

/** `POST user/onboarding/` for the caller's own phone. */
export interface OnboardInput {
  phone: string;
  first_name: string;
  last_name: string;
  pan?: string;
}

/** The saved identity: `pan` null means the server has no PAN for the student. */
export interface OnboardOutput {
  pan: string | null;
}

export interface StudentSignupContext {
  firstName: string;
  lastName: string;
  pan: string;
  /** The student's own phone (getMe), the onboarding call's `phone`. */
  phone: string;
  /** The PAN field is shown and required: no PAN is on file. */
  panRequired: boolean;
  /** Fields the student has left at least once: their errors show. */
  touched: Record<SignupField, boolean>;
  /** Why loading, saving or going on failed (tag `error`). */
  error: string | null;
  /** An informational line: the PAN is needed after all. */
  notice: string | null;
}

export type StudentSignupEvent =
  | { type: 'signup.change'; field: SignupField; value: string }
  | { type: 'signup.blur'; field: SignupField }
  | { type: 'signup.submit' }
  /** 'Try again' after a failed load or a failed step into the flow. */
  | { type: 'signup.retry' };

const firstText = (...values: (string | null | undefined)[]): string =>
  values.find((v) => typeof v === 'string' && v.trim() !== '') ?? '';

// Names and PAN follow the shared personal-details rules (machines/shared/personalDetails.ts).

/** Every field's error, shown or not. */
export const signupFieldErrors = (context: StudentSignupContext) => personalFieldErrors(context);

/** The errors to show (a field's once left, the PAN's once 10 characters are typed). */
export const signupVisibleErrors = (context: StudentSignupContext) =>
  personalVisibleErrors(context);

export const isSignupValid = (context: StudentSignupContext) => isPersonalDetailsValid(context);

const draftOf = (c: StudentSignupContext): SignupDraft => ({
  firstName: c.firstName,
  lastName: c.lastName,
  pan: c.pan,
});

const UNTOUCHED = UNTOUCHED_PERSONAL;
const toLogin = { type: 'navigate', params: { to: PATHS.studentLogin, replace: true } } as const;

export const studentSignupMachine = setup({
  types: {
    context: {} as StudentSignupContext,
    events: {} as StudentSignupEvent,
    children: {} as {
      loadSignup: 'loadSignup';
      fetchMe: 'fetchMe';
      onboard: 'onboard';
      routeByFlow: 'routeByFlow';
    },
  },
  actors: {
    loadSignup: abstractPromise<SignupStart, void>('loadSignup'),
    fetchMe: abstractPromise<Me, void>('fetchMe'),
    onboard: abstractPromise<OnboardOutput, OnboardInput>('onboard'),
    routeByFlow: routeByFlowActor,
  },
  actions: {
    /** Abstract: keeps the form in session storage while it is filled (D16). */
    saveDraft: (_: unknown, _draft: SignupDraft) => notProvided('saveDraft'),
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
    change: assign(({ event }): Partial<StudentSignupContext> => {
      if (event.type !== 'signup.change') return {};
      return { [event.field]: personalInput(event.field, event.value), error: null };
    }),
    saveDraftNow: enqueueActions(({ enqueue, context }) => {
      enqueue({ type: 'saveDraft', params: draftOf(context) });
    }),
    touch: assign(({ context, event }) =>
      event.type === 'signup.blur' ? { touched: { ...context.touched, [event.field]: true } } : {},
    ),
    startSubmit: assign({ error: null, notice: null }),
    requirePan: assign({
      panRequired: true,
      notice: messages.studentSignup.panNeeded,
      touched: UNTOUCHED,
    }),
    failLoad: assign(({ event }) => ({
      error: serverText((event as { error?: unknown }).error, messages.generic.somethingWrong),
    })),
    failSubmit: assign(({ event }) => ({
      // D2: registration's own wording.
      error: serverText((event as { error?: unknown }).error, messages.generic.registrationFailed),
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
    formValid: ({ context }) => isSignupValid(context),
    /** The PAN field is there only when the server has no PAN (found by the UI path tests). */
    fieldShown: ({ context, event }) =>
      (event as { field?: SignupField }).field !== 'pan' || context.panRequired,
    /** Names alone were sent and the server has no PAN either. */
    panStillNeeded: ({ context, event }) =>
      !context.panRequired && !(event as { output?: OnboardOutput }).output?.pan,
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
    touched: UNTOUCHED,
    error: null,
    notice: null,
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
          { target: 'editing', actions: 'prefill' },
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
    editing: {
      initial: 'idle',
      on: {
        'signup.change': {
          guard: 'fieldShown',
          target: '.idle',
          actions: ['change', 'saveDraftNow'],
        },
        'signup.blur': { guard: 'fieldShown', actions: 'touch' },
        'signup.submit': { guard: 'formValid', target: 'submitting', actions: 'startSubmit' },
      },
      states: {
        idle: {},
        failed: { tags: 'error' },
      },
    },
    submitting: {
      tags: 'loading',
      invoke: {
        id: 'onboard',
        src: 'onboard',
        input: ({ context }) => onboardSelfBody(context),
        onDone: [
          { guard: 'panStillNeeded', target: 'editing', actions: 'requirePan' },
          { target: 'routing', actions: 'clearDraft' },
        ],
        onError: [
          { guard: 'unauthorized', target: 'done', actions: toLogin },
          { target: 'editing.failed', actions: 'failSubmit' },
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
function pickFilled(draft: SignupDraft | null | undefined): SignupDraft {
  const out: SignupDraft = {};
  for (const key of ['firstName', 'lastName', 'pan'] as const) {
    const value = draft?.[key];
    if (value && value.trim() !== '') out[key] = value;
  }
  return out;
}

export type StudentSignupActorRef = ActorRefFrom<typeof studentSignupMachine>;
export type StudentSignupSnapshot = SnapshotFrom<typeof studentSignupMachine>;
