// The code step of a phone login (spec §4 "OTP screen", §5, §8; D12, D14), for students and
// tutors alike: the parent has already sent the first code and invokes this machine with
// `{ phone, role }`. Two regions run side by side:
//
// - code: OTP_LENGTH digits, digits only; the last digit submits by itself. A code the server
//   refuses (400: wrong, expired, burned; 429: too many tries today) shows the server's message
//   ('Incorrect OTP. Please retry.' for a wrong one) and clears the field. A failure that is
//   not about the code (offline, timeout, 5xx) keeps the code and lets the user verify again.
// - resend: blocked for OTP_RESEND_COOLDOWN_SECONDS (or the server's resend_after), counting
//   the seconds left with an `after` tick; then Resend sends a new code. A 429 with
//   Retry-After blocks it again for that long.
//
// A correct code ends the machine; its output is the session `{ token, userId }`. Both calls
// are abstract (`verifyOtp`, `sendOtp`); the UI provides them (src/api/actors/auth.ts).
import { and, assign, not, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS, type UserRole } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { otpInput } from '../../src/domain/validation';
import { abstractPromise } from '../shared/abstract';
import { asFailure, serverMessage, serverText } from '../shared/failure';

export interface OtpInput {
  phone: string;
  role: UserRole;
  /** Seconds before Resend is allowed: the server's `resend_after`; default 30 (spec §9). */
  resendAfter?: number | null;
  /** A line to show with the field from the start (e.g. the server's "too many requests"). */
  notice?: string | null;
  /** Show 'Please wait N seconds…' counting down with Resend (a 429 within the cooldown). */
  waitNotice?: boolean;
}

/** What a correct code gives: the access token and the user's id. */
export interface OtpSession {
  token: string;
  userId: string;
}

export interface VerifyOtpInput {
  phone: string;
  role: UserRole;
  otp: string;
}

export interface SendOtpInput {
  phone: string;
  role: UserRole;
}

export interface SendOtpOutput {
  /** The server's `resend_after` in seconds, when it sent one. */
  resendAfter: number | null;
}

export interface OtpContext {
  phone: string;
  role: UserRole;
  /** The digits typed so far (at most OTP_LENGTH). */
  code: string;
  /** Why the last verification failed; shown under the field (tag `error`). */
  error: string | null;
  /** The phone belongs to the other role (D14): the view links to the other login. */
  roleConflict: boolean;
  /** Seconds until Resend is allowed; 0 once it is. */
  resendIn: number;
  /** Why the last resend failed. */
  resendError: string | null;
  /** An informational line: 'OTP sent' after a resend, or the parent's notice. */
  notice: string | null;
  /** The wait is the resend cooldown the server reported (429): otpNotice counts it down. */
  waitNotice: boolean;
  session: OtpSession | null;
}

export type OtpEvent =
  { type: 'otp.change'; value: string } | { type: 'otp.submit' } | { type: 'otp.resend' };

export const OTP_TICK_MS = 1000;

/**
 * A Retry-After within the resend cooldown (OTP_RESEND_COOLDOWN_SECONDS) is that cooldown; a
 * longer one is an hourly, daily or network limit with a message of its own.
 */
export function isResendCooldown(retryAfter: number | null | undefined): boolean {
  return retryAfter != null && retryAfter <= OTP_RESEND_COOLDOWN_SECONDS;
}

/**
 * The line above the code field: 'Please wait N seconds…' with N counting down with Resend
 * while the server's cooldown runs (issue 13: it used to stay at the server's first figure),
 * else the notice.
 */
export function otpNotice(context: OtpContext): string | null {
  if (context.waitNotice) {
    return context.resendIn > 0 ? messages.otp.waitBeforeResend(context.resendIn) : null;
  }
  return context.notice;
}

/** Whole seconds of at least 1: a cooldown that ends before it starts would never tick. */
export function cooldownSeconds(seconds: number | null | undefined): number {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return OTP_RESEND_COOLDOWN_SECONDS;
  return Math.max(1, Math.ceil(seconds));
}

/** D14: what a login page shows when the phone is registered with the other role. */
export function roleConflictText(role: UserRole): string {
  return role === 'student' ? messages.roles.alreadyTeacher : messages.roles.alreadyStudent;
}

/** The server's role-conflict answer (a 400 with the spec's exact message). */
export function isRoleConflict(error: unknown): boolean {
  const failure = asFailure(error);
  return (
    failure.kind === 'http' &&
    failure.status === 400 &&
    failure.message === messages.roles.serverMismatch
  );
}

/** The server refused the code itself (wrong, expired, burned, too many tries): a 4xx. */
function codeRefused(error: unknown): boolean {
  const failure = asFailure(error);
  return failure.kind === 'http' && failure.status >= 400 && failure.status < 500;
}

const VERIFYING = '#otp.active.code.verifying';

export const otpMachine = setup({
  types: {
    context: {} as OtpContext,
    events: {} as OtpEvent,
    input: {} as OtpInput,
    output: {} as OtpSession,
    children: {} as { verifyOtp: 'verifyOtp'; sendOtp: 'sendOtp' },
  },
  actors: {
    verifyOtp: abstractPromise<OtpSession, VerifyOtpInput>('verifyOtp'),
    sendOtp: abstractPromise<SendOtpOutput, SendOtpInput>('sendOtp'),
  },
  actions: {
    setCode: assign(({ event }) => {
      if (event.type !== 'otp.change') return {};
      return { code: otpInput(event.value), error: null, roleConflict: false, notice: null };
    }),
    clearCode: assign({ code: '', error: null, roleConflict: false }),
    refuseCode: assign(({ context, event }) => {
      const error = 'error' in event ? event.error : undefined;
      const conflict = isRoleConflict(error);
      return {
        code: '',
        roleConflict: conflict,
        error: conflict
          ? roleConflictText(context.role)
          : (serverMessage(error) ?? messages.otp.incorrect),
      };
    }),
    failVerify: assign(({ event }) => ({
      error: serverText(
        'error' in event ? event.error : undefined,
        messages.generic.somethingWrong,
      ),
    })),
    tick: assign({ resendIn: ({ context }) => Math.max(0, context.resendIn - 1) }),
    startResend: assign({ resendError: null, waitNotice: false }),
    resent: assign(({ event }) => {
      const output = 'output' in event ? (event.output as SendOtpOutput | undefined) : undefined;
      return {
        resendIn: cooldownSeconds(output?.resendAfter),
        resendError: null,
        notice: messages.otp.sent,
        waitNotice: false,
      };
    }),
    waitRetryAfter: assign(({ context, event }) => {
      const failure = asFailure('error' in event ? event.error : undefined);
      const retryAfter = failure.kind === 'http' ? failure.retryAfter : null;
      const cooldown = isResendCooldown(retryAfter);
      return {
        resendIn: Math.max(context.resendIn, cooldownSeconds(retryAfter)),
        resendError: cooldown ? null : serverText(failure, messages.otp.tooManyRequests),
        waitNotice: cooldown,
        notice: cooldown ? null : context.notice,
      };
    }),
    failResend: assign(({ event }) => ({
      resendError: serverText(
        'error' in event ? event.error : undefined,
        messages.generic.somethingWrong,
      ),
    })),
    saveSession: assign(({ event }) => ({
      session: 'output' in event ? (event.output as OtpSession) : null,
    })),
  },
  guards: {
    completesCode: ({ event }) =>
      event.type === 'otp.change' && otpInput(event.value).length === OTP_LENGTH,
    codeComplete: ({ context }) => context.code.length === OTP_LENGTH,
    codeRefused: ({ event }) => 'error' in event && codeRefused(event.error),
    isLastSecond: ({ context }) => context.resendIn <= 1,
    rateLimited: ({ event }) => {
      const failure = asFailure('error' in event ? event.error : undefined);
      return failure.kind === 'http' && failure.status === 429 && failure.retryAfter !== null;
    },
    verifying: stateIn(VERIFYING),
  },
}).createMachine({
  id: 'otp',
  description: 'Enter the code sent by SMS; resend after a cooldown (spec §4 OTP screen, D12).',
  context: ({ input }) => ({
    phone: input.phone,
    role: input.role,
    code: '',
    error: null,
    roleConflict: false,
    resendIn: cooldownSeconds(input.resendAfter),
    resendError: null,
    notice: input.notice ?? null,
    waitNotice: input.waitNotice ?? false,
    session: null,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        code: {
          initial: 'idle',
          // The field is read-only while the code is checked: no typing, no second submit.
          on: {
            'otp.change': [
              {
                guard: and([not('verifying'), 'completesCode']),
                target: '.verifying',
                actions: 'setCode',
              },
              { guard: not('verifying'), target: '.idle', actions: 'setCode' },
            ],
            'otp.submit': { guard: and([not('verifying'), 'codeComplete']), target: '.verifying' },
          },
          states: {
            idle: {},
            verifying: {
              tags: 'loading',
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ context }) => ({
                  phone: context.phone,
                  role: context.role,
                  otp: context.code,
                }),
                onDone: { target: '#otp.verified', actions: 'saveSession' },
                onError: [
                  { guard: 'codeRefused', target: 'rejected', actions: 'refuseCode' },
                  { target: 'rejected', actions: 'failVerify' },
                ],
              },
            },
            rejected: { tags: 'error' },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              after: {
                [OTP_TICK_MS]: [
                  { guard: 'isLastSecond', target: 'ready', actions: 'tick' },
                  { target: 'coolingDown', reenter: true, actions: 'tick' },
                ],
              },
            },
            ready: {
              on: {
                // Not while the current code is being checked: a new one would race it.
                'otp.resend': {
                  guard: not('verifying'),
                  target: 'sending',
                  actions: 'startResend',
                },
              },
            },
            sending: {
              invoke: {
                id: 'sendOtp',
                src: 'sendOtp',
                input: ({ context }) => ({ phone: context.phone, role: context.role }),
                onDone: [
                  // A check already under way keeps its code.
                  { guard: 'verifying', target: 'coolingDown', actions: 'resent' },
                  {
                    target: ['#otp.active.resend.coolingDown', '#otp.active.code.idle'],
                    actions: ['resent', 'clearCode'],
                  },
                ],
                onError: [
                  { guard: 'rateLimited', target: 'coolingDown', actions: 'waitRetryAfter' },
                  { target: 'ready', actions: 'failResend' },
                ],
              },
            },
          },
        },
      },
    },
    verified: { type: 'final' },
  },
  output: ({ context }) => {
    if (!context.session) throw new Error('otp: done without a session');
    return context.session;
  },
});

export type OtpActorRef = ActorRefFrom<typeof otpMachine>;
export type OtpSnapshot = SnapshotFrom<typeof otpMachine>;

/** 'Resend OTP in 27s' while blocked ('Resend OTP in 12 min' for long waits), then 'Resend OTP'. */
export function resendLabel(resendIn: number): string {
  if (resendIn <= 0) return messages.otp.resend;
  if (resendIn >= 60) return messages.otp.resendInMinutes(Math.ceil(resendIn / 60));
  return messages.otp.resendIn(resendIn);
}
