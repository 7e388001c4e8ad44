// The phone step that the student and tutor logins share (spec §4 "Student login" 1., §2 "Tutor
// login page", §8; D2, D61): what the first generate-otp's answer or failure means for the code
// step that follows. The role conflict (D14) is the otp machine's `isRoleConflict`.
import { OTP_VALIDITY_MS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { asFailure, serverMessage, serverText } from '../shared/failure';
import { isResendCooldown, type SendOtpOutput } from './otp.machine';

/**
 * How the code step starts: Resend blocked for `resendAfter` seconds, an optional notice, or
 * (`waitNotice`) 'Please wait N seconds…' counting down with Resend (otpNotice).
 */
export interface CodeStepStart {
  resendAfter: number | null;
  notice: string | null;
  waitNotice: boolean;
}

/** An invoked actor's rejection, read off its error event. */
export const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

/** The code went out: Resend waits for the server's `resend_after`. */
export function codeSent(event: unknown): CodeStepStart {
  return {
    resendAfter: (event as { output?: SendOtpOutput }).output?.resendAfter ?? null,
    notice: null,
    waitNotice: false,
  };
}

/** A 429 with Retry-After: a code went to this phone moments ago (D61). */
export function isCodeSentBefore(error: unknown): boolean {
  const failure = asFailure(error);
  return failure.kind === 'http' && failure.status === 429 && failure.retryAfter !== null;
}

/**
 * ...so the code step opens with Resend blocked for Retry-After: within the resend cooldown,
 * 'Please wait N seconds…' counting down with it; a longer wait (an hourly or daily limit) shows
 * the server's message.
 */
export function codeSentBefore(error: unknown): CodeStepStart {
  const failure = asFailure(error);
  const retryAfter = failure.kind === 'http' ? failure.retryAfter : null;
  const cooldown = isResendCooldown(retryAfter);
  return {
    resendAfter: retryAfter,
    notice: cooldown ? null : serverMessage(failure),
    waitNotice: cooldown,
  };
}

/** D2: the server's message, else 'Something went wrong. Please try again!'. */
export function requestFailedText(error: unknown): string {
  return serverText(error, messages.generic.somethingWrong);
}

/** A code sent before a reload (D128): the phone, when (epoch ms), Resend's wait then. */
export interface CodeSentBefore {
  phone: string;
  at: number;
  resendAfter: number | null;
}

/** Where the code step resumes after a reload. */
export interface CodeStepResume {
  phone: string;
  otp: CodeStepStart;
}

/**
 * D128: a code sent less than OTP_VALIDITY_MS ago can still be typed, so a reload returns to
 * the code step for that phone, Resend blocked for what is left of its wait; an older one
 * (or one from the future: a changed clock) is forgotten and the phone step opens.
 */
export function resumeCodeStep(sent: CodeSentBefore | null, now: number): CodeStepResume | null {
  if (!sent) return null;
  const elapsed = now - sent.at;
  if (elapsed < 0 || elapsed >= OTP_VALIDITY_MS) return null;
  const left = sent.resendAfter === null ? 0 : sent.resendAfter - Math.floor(elapsed / 1000);
  return {
    phone: sent.phone,
    otp: { resendAfter: left > 0 ? left : null, notice: null, waitNotice: false },
  };
}
