// Student login (spec §2 /student/login, §4 "Student login", §5, §8; D2, D3, D14, D22):
//
//   phone ──submit──▶ (generate-otp, role student) ──▶ code (the otp machine) ──▶ loadingUser
//     ▲  failure: the server's message, else D2's text;         │ correct code: store the session,
//     │  the role conflict: D14's teacher text and link         │ 'Logged In' (analytics)
//     └────────────────────── 'Change phone number' ◀───────────┘
//   loadingUser (getMe) ──▶ welcome (the success drawer) ──Continue──▶ routing ──▶ done
//     fetch error: /student/signup       incomplete profile: /student/signup   (routeByFlow.ts)
//
// A 429 on the first request means a code was sent to this phone moments ago: the code step
// opens with the server's message, Resend blocked for Retry-After, so the SMS already
// received can be used. D128: the page remembers a code that went out (`rememberCode`, until
// the code step is left) and, after a reload, starts the machine with `resume`: the code step
// for that phone, not an empty phone step.
//
// Effects are abstract: the calls `requestOtp`, `fetchMe`, `routeByFlow` and the otp machine's
// own; the actions `storeSession`, `storePayment`, `track`, `navigate`. The UI provides them.
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ANALYTICS_EVENTS, type AnalyticsEvent } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { isValidPhone, phoneError, phoneInput } from '../../src/domain/validation';
import { abstractPromise, notProvided } from '../shared/abstract';
import { serverText } from '../shared/failure';
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
import { hasPan, isProfileComplete, type Me } from './profile';
import { PATHS, routeByFlowActor, type PaymentToStore, type RouteDecision } from './routeByFlow';

export interface StudentLoginInput {
  /** What the student typed before the machine started (the page paints before it loads). */
  phone?: string;
  /** D128: a code went to this phone before a reload; start on the code step. */
  resume?: CodeStepResume | null;
}

export interface StudentLoginContext {
  /** Digits only, at most 10 (spec §5). */
  phone: string;
  /** Why the OTP request failed (tag `error` on phone.failed). */
  error: string | null;
  /** D14: the phone is a teacher's; the view links to /tutor/login. */
  roleConflict: boolean;
  /** How the code step starts: Resend blocked for `resendAfter`, an optional notice. */
  otp: CodeStepStart;
  session: OtpSession | null;
  /** D128: started from `resume`, on the code step. */
  resumed: boolean;
  /** From getMe: the drawer's texts and where Continue goes. */
  user: { hasPan: boolean; complete: boolean } | null;
  /** Why going on to the flow failed (tag `error` on welcome.failed); Continue tries again. */
  routeError: string | null;
}

export type StudentLoginEvent =
  | { type: 'phone.change'; value: string }
  | { type: 'phone.submit' }
  /** 'Change phone number' on the code step. */
  | { type: 'phone.edit' }
  /** 'Continue' in the success drawer. */
  | { type: 'login.continue' };

/** What the three actions that write to storage receive. */
export interface SessionToStore extends OtpSession {
  phone: string;
}

export const STUDENT_ROLE = 'student' as const;

export const studentLoginMachine = setup({
  types: {
    context: {} as StudentLoginContext,
    events: {} as StudentLoginEvent,
    input: {} as StudentLoginInput,
    children: {} as {
      requestOtp: 'requestOtp';
      otp: 'otp';
      fetchMe: 'fetchMe';
      routeByFlow: 'routeByFlow';
    },
  },
  actors: {
    requestOtp: abstractPromise<SendOtpOutput, SendOtpInput>('requestOtp'),
    otp: otpMachine,
    fetchMe: abstractPromise<Me, void>('fetchMe'),
    routeByFlow: routeByFlowActor,
  },
  actions: {
    /** Abstract: access-token, user id, phone and the student-login flag go to storage. */
    storeSession: (_: unknown, _session: SessionToStore) => notProvided('storeSession'),
    /** Abstract: the active payment of a static or dynamic link (routeByFlow.ts). */
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
    startRequest: assign({ error: null, roleConflict: false }),
    codeSent: assign(({ event }) => ({ otp: codeSent(event) })),
    codeSentBefore: assign(({ event }) => ({ otp: codeSentBefore(errorOf(event)) })),
    refuseRole: assign({ error: roleConflictText(STUDENT_ROLE), roleConflict: true }),
    failRequest: assign(({ event }) => ({
      error: requestFailedText(errorOf(event)),
      roleConflict: false,
    })),
    saveSession: assign(({ event }) => ({
      session: (event as { output?: OtpSession }).output ?? null,
    })),
    saveUser: assign(({ event }) => {
      const me = (event as { output?: Me }).output;
      return { user: me ? { hasPan: hasPan(me), complete: isProfileComplete(me) } : null };
    }),
    startRouting: assign({ routeError: null }),
    failRouting: assign(({ event }) => ({
      routeError: serverText(errorOf(event), messages.generic.somethingWrong),
    })),
    /** Stores what the flow needs, then goes there; the login page leaves the history. */
    goOn: enqueueActions(({ enqueue, event }) => {
      const decision = (event as { output?: RouteDecision }).output;
      if (!decision) return;
      if (decision.store) enqueue({ type: 'storePayment', params: decision.store });
      enqueue({ type: 'navigate', params: { to: decision.to, replace: true } });
    }),
  },
  guards: {
    phoneValid: ({ context }) => isValidPhone(context.phone),
    roleConflict: ({ event }) => isRoleConflict(errorOf(event)),
    codeSentBefore: ({ event }) => isCodeSentBefore(errorOf(event)),
    profileIncomplete: ({ context }) => context.user?.complete !== true,
    resumed: ({ context }) => context.resumed,
  },
}).createMachine({
  id: 'studentLogin',
  description: 'Phone, OTP, user, success drawer, then back into the flow (spec §4 Student login).',
  context: ({ input }) => ({
    phone: input.resume?.phone ?? phoneInput(input.phone ?? ''),
    error: null,
    roleConflict: false,
    otp: input.resume?.otp ?? { resendAfter: null, notice: null, waitNotice: false },
    resumed: Boolean(input.resume),
    session: null,
    user: null,
    routeError: null,
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
            'phone.submit': { guard: 'phoneValid', target: 'requesting', actions: 'startRequest' },
          },
        },
        requesting: {
          tags: 'loading',
          invoke: {
            id: 'requestOtp',
            src: 'requestOtp',
            input: ({ context }) => ({ phone: context.phone, role: STUDENT_ROLE }),
            onDone: { target: '#studentLogin.code', actions: ['codeSent', rememberCode] },
            onError: [
              { guard: 'roleConflict', target: 'failed', actions: 'refuseRole' },
              {
                guard: 'codeSentBefore',
                target: '#studentLogin.code',
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
            'phone.submit': { guard: 'phoneValid', target: 'requesting', actions: 'startRequest' },
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
          role: STUDENT_ROLE,
          resendAfter: context.otp.resendAfter,
          notice: context.otp.notice,
          waitNotice: context.otp.waitNotice,
        }),
        onDone: {
          target: 'loadingUser',
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
      on: { 'phone.edit': { target: '#studentLogin.phone' } },
    },
    loadingUser: {
      tags: 'loading',
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        onDone: { target: 'welcome', actions: 'saveUser' },
        // Spec §4: an error fetching the user sends the student to sign-up.
        onError: {
          target: 'done',
          actions: { type: 'navigate', params: { to: PATHS.studentSignup, replace: true } },
        },
      },
    },
    welcome: {
      initial: 'idle',
      on: {
        'login.continue': [
          {
            guard: 'profileIncomplete',
            target: 'done',
            actions: { type: 'navigate', params: { to: PATHS.studentSignup, replace: true } },
          },
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

export type StudentLoginActorRef = ActorRefFrom<typeof studentLoginMachine>;
export type StudentLoginSnapshot = SnapshotFrom<typeof studentLoginMachine>;

/** 'Enter valid phone number' once 10 digits are entered and they are not a valid number. */
export function loginPhoneError(snapshot: StudentLoginSnapshot): string | null {
  return phoneError(snapshot.context.phone);
}

/** The success drawer's title and line (spec §2). */
export function welcomeTexts(snapshot: StudentLoginSnapshot): { title: string; body: string } {
  const m = messages.studentLogin;
  return snapshot.context.user?.hasPan
    ? { title: m.welcomeBackTitle, body: m.welcomeBackBody }
    : { title: m.loginSuccessfulTitle, body: m.loginSuccessfulBody };
}
