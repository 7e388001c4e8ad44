// The phone-and-OTP login, one machine for both roles (spec §2, §4 "Student login", "Tutor
// onboarding step", §5, §8; D2, D3, D4, D14, D22, D128). The page provides the role:
//
//   phone ──submit──▶ (generate-otp with the role) ──▶ code (the otp machine) ──▶ arriving
//     ▲  a valid phone, and for a tutor the terms agreed;    │ correct code: store the session,
//     │  failure: the server's message, else D2's text;      │ 'Logged In' (analytics)
//     │  the other role's phone: D14's text and link         │
//     └──────────────────── 'Change phone number' ◀──────────┘
//   arriving (the account: a student's user/me, a tutor's profile) ──▶ where the role goes next
//     student: welcome (the success drawer) ──Continue──▶ routing (routeByFlow.ts) ──▶ done;
//              an incomplete profile or a failed fetch: /student/signup
//     tutor:   the onboarding step, stored, then its page (/tutor/dashboard at step 0, else
//              /tutor/personal-details); a failed fetch is spec §4's "the prefill fails": step 1;
//              a 401: the new session is already gone, back to the phone, 'Session Expired!'
//
// A 429 on the first request means a code went to this phone moments ago: the code step opens
// with the server's message, Resend blocked for Retry-After, so the SMS already received can be
// used. D128: the page remembers a code that went out (`rememberCode`, until the code step is
// left) and, after a reload, starts the machine with `resume`: the code step for that phone.
//
// Effects are abstract: the calls `requestOtp`, `loadAccount`, `routeByFlow` and the otp
// machine's own; the actions `storeSession`, `clearSession`, `storeStep`, `storePayment`,
// `track`, `navigate`. The page provides them (a student's page never reaches `storeStep`, a
// tutor's never `storePayment`).
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ANALYTICS_EVENTS, type AnalyticsEvent } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { tutorOnboardingStep, type TutorOnboardingStep } from '../../src/domain/onboarding';
import { isValidPhone, phoneError, phoneInput } from '../../src/domain/validation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';
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
import { hasPan, isProfileComplete, type Me } from './profile';
import { PATHS, routeByFlowActor, type PaymentToStore, type RouteDecision } from './routeByFlow';

/** Who logs in; the server's role names (generate-otp, D14). */
export type LoginRole = 'student' | 'teacher';

export interface LoginInput {
  role: LoginRole;
  /** What was typed before the machine started (the page paints before it loads). */
  phone?: string;
  /** D128: a code went to this phone before a reload; start on the code step. */
  resume?: CodeStepResume | null;
}

/** What `loadAccount` answers once the code is right: the role's own account. */
export type Account = { role: 'student'; me: Me } | { role: 'teacher'; profile: TutorSummary };

export interface LoginContext {
  role: LoginRole;
  /** Digits only, at most 10 (spec §5). */
  phone: string;
  /** The tutor's terms checkbox (spec §5 "Tutor login": valid phone and agreed terms). */
  terms: boolean;
  /** Why the OTP request failed, or why the session ended (tag `error` on phone.failed). */
  error: string | null;
  /** D14: the phone is the other role's; the view links to that login. */
  roleConflict: boolean;
  /** How the code step starts: Resend blocked for `resendAfter`, an optional notice. */
  otp: CodeStepStart;
  session: OtpSession | null;
  /** D128: started from `resume`, on the code step. */
  resumed: boolean;
  /** A student's user/me: the drawer's texts and where Continue goes. */
  user: { hasPan: boolean; complete: boolean } | null;
  /** Why going on to the flow failed (tag `error` on welcome.failed); Continue tries again. */
  routeError: string | null;
  /** A tutor's derived onboarding step, once known. */
  onboarding: TutorOnboardingStep | null;
}

export type LoginEvent =
  | { type: 'phone.change'; value: string }
  | { type: 'terms.change'; agreed: boolean }
  /** Submit (student) or Verify (tutor) on the phone step. */
  | { type: 'phone.submit' }
  /** 'Change phone number' on the code step. */
  | { type: 'phone.edit' }
  /** 'Continue' in the student's success drawer. */
  | { type: 'login.continue' };

/** What `storeSession` writes: token, user id and phone (the page adds its role's flag). */
export interface SessionToStore extends OtpSession {
  phone: string;
}

const toSignup = {
  type: 'navigate',
  params: { to: PATHS.studentSignup, replace: true },
} as const;

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    children: {} as {
      requestOtp: 'requestOtp';
      otp: 'otp';
      loadAccount: 'loadAccount';
      routeByFlow: 'routeByFlow';
    },
  },
  actors: {
    requestOtp: abstractPromise<SendOtpOutput, SendOtpInput>('requestOtp'),
    otp: otpMachine,
    loadAccount: abstractPromise<Account, void>('loadAccount'),
    routeByFlow: routeByFlowActor,
  },
  actions: {
    /** Abstract: access-token, user id, phone and the role's login flag go to storage. */
    storeSession: (_: unknown, _session: SessionToStore) => notProvided('storeSession'),
    /** Abstract: forget a session the server no longer knows (token and the role's flag). */
    clearSession: () => notProvided('clearSession'),
    /** Abstract (tutor): tutorOnboardingStep and tutorOnboardingNavigation (spec §3). */
    storeStep: (_: unknown, _step: StepToStore) => notProvided('storeStep'),
    /** Abstract (student): the active payment of a static or dynamic link (routeByFlow.ts). */
    storePayment: (_: unknown, _payment: PaymentToStore) => notProvided('storePayment'),
    /** Abstract: the analytics adapter (D22: the event name only; no PAN, phone or amount). */
    track: (_: unknown, _params: { event: AnalyticsEvent }) => notProvided('track'),
    /** Abstract: the router (src/ui/app/navigation.ts). */
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
    refuseRole: assign(({ context }) => ({
      error: roleConflictText(context.role),
      roleConflict: true,
    })),
    failRequest: assign(({ event }) => ({
      error: requestFailedText(errorOf(event)),
      roleConflict: false,
    })),
    saveSession: assign(({ event }) => ({
      session: (event as { output?: OtpSession }).output ?? null,
    })),
    expireSession: assign({ session: null, error: () => messages.auth.sessionExpired }),
    saveUser: assign(({ event }) => {
      const account = (event as { output?: Account }).output;
      if (account?.role !== 'student') return {};
      return { user: { hasPan: hasPan(account.me), complete: isProfileComplete(account.me) } };
    }),
    startRouting: assign({ routeError: null }),
    failRouting: assign(({ event }) => ({
      routeError: serverText(errorOf(event), messages.generic.somethingWrong),
    })),
    /** Tutor: keeps the step, stores it with its target, then goes there. */
    arriveAtStep: enqueueActions(({ enqueue, event }) => {
      const account = (event as { output?: Account }).output;
      const onboarding =
        account?.role === 'teacher' ? tutorOnboardingStep(account.profile) : PREFILL_FAILED_STEP;
      enqueue.assign({ onboarding });
      enqueue({ type: 'storeStep', params: stepToStore(onboarding) });
      enqueue({ type: 'navigate', params: { to: onboarding.target, replace: true } });
    }),
    /** Student: stores what the flow needs, then goes there; the login leaves the history. */
    goOn: enqueueActions(({ enqueue, event }) => {
      const decision = (event as { output?: RouteDecision }).output;
      if (!decision) return;
      if (decision.store) enqueue({ type: 'storePayment', params: decision.store });
      enqueue({ type: 'navigate', params: { to: decision.to, replace: true } });
    }),
  },
  guards: {
    canSubmit: ({ context }) =>
      isValidPhone(context.phone) && (!termsRequired(context.role) || context.terms),
    roleConflict: ({ event }) => isRoleConflict(errorOf(event)),
    codeSentBefore: ({ event }) => isCodeSentBefore(errorOf(event)),
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    hasTerms: ({ context }) => termsRequired(context.role),
    student: ({ context }) => context.role === 'student',
    profileIncomplete: ({ context }) => context.user?.complete !== true,
    resumed: ({ context }) => context.resumed,
  },
}).createMachine({
  id: 'login',
  description: 'Phone, OTP, then where the role goes next (spec §4 Student login, Tutor login).',
  context: ({ input }) => ({
    role: input.role,
    phone: input.resume?.phone ?? phoneInput(input.phone ?? ''),
    // A code was asked for only with the terms agreed.
    terms: Boolean(input.resume),
    error: null,
    roleConflict: false,
    otp: input.resume?.otp ?? { resendAfter: null, notice: null, waitNotice: false },
    resumed: Boolean(input.resume),
    session: null,
    user: null,
    routeError: null,
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
            'terms.change': { guard: 'hasTerms', actions: 'setTerms' },
            'phone.submit': { guard: 'canSubmit', target: 'requesting', actions: 'startRequest' },
          },
        },
        requesting: {
          tags: 'loading',
          invoke: {
            id: 'requestOtp',
            src: 'requestOtp',
            input: ({ context }) => ({ phone: context.phone, role: context.role }),
            onDone: { target: '#login.code', actions: ['codeSent', rememberCode] },
            onError: [
              { guard: 'roleConflict', target: 'failed', actions: 'refuseRole' },
              {
                guard: 'codeSentBefore',
                target: '#login.code',
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
            'terms.change': { guard: 'hasTerms', actions: 'setTerms' },
            'phone.submit': { guard: 'canSubmit', target: 'requesting', actions: 'startRequest' },
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
          role: context.role,
          resendAfter: context.otp.resendAfter,
          notice: context.otp.notice,
          waitNotice: context.otp.waitNotice,
        }),
        onDone: {
          target: 'arriving',
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
      on: { 'phone.edit': { target: '#login.phone' } },
    },
    arriving: {
      tags: 'loading',
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: [
          { guard: 'student', target: 'welcome', actions: 'saveUser' },
          { target: 'done', actions: 'arriveAtStep' },
        ],
        onError: [
          // Spec §4: an error fetching the user sends the student to sign-up.
          { guard: 'student', target: 'done', actions: toSignup },
          {
            guard: 'unauthorized',
            target: '#login.phone.failed',
            actions: ['clearSession', 'expireSession'],
          },
          // Spec §4: "the prefill fails: step 1".
          { target: 'done', actions: 'arriveAtStep' },
        ],
      },
    },
    /** Student: the success drawer. */
    welcome: {
      initial: 'idle',
      on: {
        'login.continue': [
          { guard: 'profileIncomplete', target: 'done', actions: toSignup },
          { target: 'routing', actions: 'startRouting' },
        ],
      },
      states: {
        idle: {},
        failed: { tags: 'error' },
      },
    },
    routing: {
      tags: 'loading',
      invoke: {
        id: 'routeByFlow',
        src: 'routeByFlow',
        onDone: { target: 'done', actions: 'goOn' },
        onError: { target: 'welcome.failed', actions: 'failRouting' },
      },
    },
    done: { type: 'final' },
  },
});

export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** Spec §5 "Tutor login": Verify needs the terms agreed; the student's login has no box. */
export function termsRequired(role: LoginRole): boolean {
  return role === 'teacher';
}

/** 'Enter valid phone number' once 10 digits are entered and they are not a valid number. */
export function loginPhoneError(snapshot: LoginSnapshot): string | null {
  return phoneError(snapshot.context.phone);
}

/** Why Verify is still disabled with a valid phone: the terms are not agreed yet. */
export function termsHint(snapshot: LoginSnapshot): string | null {
  const { role, phone, terms } = snapshot.context;
  return termsRequired(role) && isValidPhone(phone) && !terms ? messages.validation.terms : null;
}

/** The student's success drawer: its title and line (spec §2). */
export function welcomeTexts(snapshot: LoginSnapshot): { title: string; body: string } {
  const m = messages.studentLogin;
  return snapshot.context.user?.hasPan
    ? { title: m.welcomeBackTitle, body: m.welcomeBackBody }
    : { title: m.loginSuccessfulTitle, body: m.loginSuccessfulBody };
}
