// Tutor login (spec §2 "Tutor login page", §4 "Tutor guard", "Tutor onboarding step", §5, §8;
// D2, D4, D14, D22). The student login's structure, with a terms checkbox and the onboarding step
// at the end instead of the success drawer:
//
//   phone ──Verify──▶ (generate-otp, role teacher) ──▶ code (the otp machine) ──▶ deriving ──▶ done
//     ▲  needs a valid phone and the terms agreed;            │ correct code: store the session,
//     │  failure: the server's message, else D2's text;       │ 'Logged In' (analytics)
//     │  a student's phone: D14's text and link               │
//     └────────────────────── 'Change phone number' ◀─────────┘
//   deriving (the tutor's profile → tutorOnboardingStep): store the step and its target, then go
//   there (/tutor/dashboard at step 0, else /tutor/personal-details). A failed fetch is spec §4's
//   "the prefill fails": step 1. A 401 means the new session is already gone: back to the phone
//   with 'Session Expired! Please login again'.
//
// A 429 on the first request means a code went to this phone moments ago: the code step opens
// with the server's message and Resend blocked for Retry-After (as on the student login).
//
// Effects are abstract: the calls `requestOtp`, `fetchProfile` and the otp machine's own; the
// actions `storeSession`, `clearSession`, `storeStep`, `track`, `navigate`. The UI provides them.
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ANALYTICS_EVENTS, type AnalyticsEvent } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { tutorOnboardingStep, type TutorOnboardingStep } from '../../src/domain/onboarding';
import { isValidPhone, phoneError, phoneInput } from '../../src/domain/validation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized } from '../shared/failure';
import type { NavigateParams } from '../shared/navigation';
import {
  isRoleConflict,
  otpMachine,
  roleConflictText,
  type OtpSession,
  type SendOtpInput,
  type SendOtpOutput,
} from '../otp/otp.machine';
import {
  codeSent,
  codeSentBefore,
  errorOf,
  isCodeSentBefore,
  requestFailedText,
  type CodeStepStart,
} from '../otp/phoneStep';
import { codeMemoryActions, rememberCode, type CodeStepResume } from '../otp/codeResume';
import {
  PREFILL_FAILED_STEP,
  stepToStore,
  type StepToStore,
  type TutorSummary,
} from '../tutorGuard/onboardingStep';

export interface TutorLoginInput {
  phone?: string;
  /** D128: a code went to this phone before a reload; start on the code step. */
  resume?: CodeStepResume | null;
}

export interface TutorLoginContext {
  /** Digits only, at most 10 (spec §5). */
  phone: string;
  /** The terms checkbox (spec §5 "Tutor login": valid phone and agreed terms). */
  terms: boolean;
  /** Why the OTP request failed, or why the session ended (tag `error` on phone.failed). */
  error: string | null;
  /** D14: the phone is a student's; the view links to /student/login. */
  roleConflict: boolean;
  /** How the code step starts: Resend blocked for `resendAfter`, an optional notice. */
  otp: CodeStepStart;
  session: OtpSession | null;
  /** D128: started from `resume`, on the code step. */
  resumed: boolean;
  /** The derived onboarding step, once known. */
  onboarding: TutorOnboardingStep | null;
}

export type TutorLoginEvent =
  | { type: 'phone.change'; value: string }
  | { type: 'terms.change'; agreed: boolean }
  /** Verify on the phone step. */
  | { type: 'phone.submit' }
  /** 'Change phone number' on the code step. */
  | { type: 'phone.edit' };

/** What `storeSession` writes: token, user id and phone (the UI adds the tutor-login flag). */
export interface TutorSessionToStore extends OtpSession {
  phone: string;
}

export const TEACHER_ROLE = 'teacher' as const;

export const tutorLoginMachine = setup({
  types: {
    context: {} as TutorLoginContext,
    events: {} as TutorLoginEvent,
    input: {} as TutorLoginInput,
    children: {} as { requestOtp: 'requestOtp'; otp: 'otp'; fetchProfile: 'fetchProfile' },
  },
  actors: {
    requestOtp: abstractPromise<SendOtpOutput, SendOtpInput>('requestOtp'),
    otp: otpMachine,
    fetchProfile: abstractPromise<TutorSummary, void>('fetchProfile'),
  },
  actions: {
    /** Abstract: token, user id, phone and the tutor-login flag; the student's flag goes. */
    storeSession: (_: unknown, _session: TutorSessionToStore) => notProvided('storeSession'),
    /** Abstract: forget a session the server no longer knows (token and tutor-login flag). */
    clearSession: () => notProvided('clearSession'),
    /** Abstract: tutorOnboardingStep and tutorOnboardingNavigation (spec §3). */
    storeStep: (_: unknown, _step: StepToStore) => notProvided('storeStep'),
    /** Abstract: the analytics adapter (D22: the event name only). */
    track: (_: unknown, _params: { event: AnalyticsEvent }) => notProvided('track'),
    /** Abstract: the router. */
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),
    /** Abstract, D128: keep the code that went out for a reload; forget it when left. */
    ...codeMemoryActions,

    setPhone: assign(({ event }) =>
      event.type === 'phone.change'
        ? { phone: phoneInput(event.value), error: null, roleConflict: false }
        : {},
    ),
    setTerms: assign(({ event }) => (event.type === 'terms.change' ? { terms: event.agreed } : {})),
    startRequest: assign({ error: null, roleConflict: false }),
    codeSent: assign(({ event }) => ({ otp: codeSent(event) })),
    codeSentBefore: assign(({ event }) => ({ otp: codeSentBefore(errorOf(event)) })),
    refuseRole: assign({ error: roleConflictText(TEACHER_ROLE), roleConflict: true }),
    failRequest: assign(({ event }) => ({
      error: requestFailedText(errorOf(event)),
      roleConflict: false,
    })),
    saveSession: assign(({ event }) => ({
      session: (event as { output?: OtpSession }).output ?? null,
    })),
    expireSession: assign({ session: null, error: messages.auth.sessionExpired }),
    /** Keeps the step, stores it with its target, then goes there; the login leaves the history. */
    arrive: enqueueActions(({ enqueue, event }) => {
      const profile = (event as { output?: TutorSummary }).output;
      const onboarding = profile ? tutorOnboardingStep(profile) : PREFILL_FAILED_STEP;
      enqueue.assign({ onboarding });
      enqueue({ type: 'storeStep', params: stepToStore(onboarding) });
      enqueue({ type: 'navigate', params: { to: onboarding.target, replace: true } });
    }),
  },
  guards: {
    canVerify: ({ context }) => isValidPhone(context.phone) && context.terms,
    roleConflict: ({ event }) => isRoleConflict(errorOf(event)),
    codeSentBefore: ({ event }) => isCodeSentBefore(errorOf(event)),
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    resumed: ({ context }) => context.resumed,
  },
}).createMachine({
  id: 'tutorLogin',
  description:
    'Phone and terms, OTP, then the onboarding step decides where the tutor goes (spec §4).',
  context: ({ input }) => ({
    phone: input.resume?.phone ?? phoneInput(input.phone ?? ''),
    // A code was asked for only with the terms agreed.
    terms: Boolean(input.resume),
    error: null,
    roleConflict: false,
    otp: input.resume?.otp ?? { resendAfter: null, notice: null, waitNotice: false },
    resumed: Boolean(input.resume),
    session: null,
    onboarding: null,
  }),
  initial: 'start',
  states: {
    /** D128: back on the code step after a reload, else the phone step. */
    start: {
      always: [{ guard: 'resumed', target: 'code' }, { target: 'phone' }],
    },
    phone: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'phone.change': { actions: 'setPhone' },
            'terms.change': { actions: 'setTerms' },
            'phone.submit': { guard: 'canVerify', target: 'requesting', actions: 'startRequest' },
          },
        },
        requesting: {
          tags: 'loading',
          invoke: {
            id: 'requestOtp',
            src: 'requestOtp',
            input: ({ context }) => ({ phone: context.phone, role: TEACHER_ROLE }),
            onDone: { target: '#tutorLogin.code', actions: ['codeSent', rememberCode] },
            onError: [
              { guard: 'roleConflict', target: 'failed', actions: 'refuseRole' },
              {
                guard: 'codeSentBefore',
                target: '#tutorLogin.code',
                actions: ['codeSentBefore', rememberCode],
              },
              { target: 'failed', actions: 'failRequest' },
            ],
          },
        },
        failed: {
          tags: 'error',
          on: {
            'phone.change': { target: 'editing', actions: 'setPhone' },
            'terms.change': { actions: 'setTerms' },
            'phone.submit': { guard: 'canVerify', target: 'requesting', actions: 'startRequest' },
          },
        },
      },
    },
    code: {
      exit: ['forgetCode', assign({ resumed: false })],
      invoke: {
        id: 'otp',
        src: 'otp',
        input: ({ context }) => ({
          phone: context.phone,
          role: TEACHER_ROLE,
          resendAfter: context.otp.resendAfter,
          notice: context.otp.notice,
          waitNotice: context.otp.waitNotice,
        }),
        onDone: {
          target: 'deriving',
          actions: [
            'saveSession',
            {
              type: 'storeSession',
              params: ({ context, event }) => ({ ...event.output, phone: context.phone }),
            },
            { type: 'track', params: { event: ANALYTICS_EVENTS.loggedIn } },
          ],
        },
      },
      on: { 'phone.edit': { target: '#tutorLogin.phone' } },
    },
    deriving: {
      tags: 'loading',
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: { target: 'done', actions: 'arrive' },
        onError: [
          {
            guard: 'unauthorized',
            target: '#tutorLogin.phone.failed',
            actions: ['clearSession', 'expireSession'],
          },
          // Spec §4: "the prefill fails: step 1".
          { target: 'done', actions: 'arrive' },
        ],
      },
    },
    done: { type: 'final' },
  },
});

export type TutorLoginActorRef = ActorRefFrom<typeof tutorLoginMachine>;
export type TutorLoginSnapshot = SnapshotFrom<typeof tutorLoginMachine>;

/** 'Enter valid phone number' once 10 digits are entered and they are not a valid number. */
export function tutorPhoneError(snapshot: TutorLoginSnapshot): string | null {
  return phoneError(snapshot.context.phone);
}

/** Why Verify is still disabled with a valid phone: the terms are not agreed yet. */
export function termsHint(snapshot: TutorLoginSnapshot): string | null {
  const { phone, terms } = snapshot.context;
  return isValidPhone(phone) && !terms ? messages.validation.terms : null;
}
