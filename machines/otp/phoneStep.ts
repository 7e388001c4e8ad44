// The phone step that the student and tutor logins share (spec §4 "Student login" 1., §2 "Tutor
// login page", §8; D2, D61): what the first generate-otp's answer or failure means for the code
// step that follows. The role conflict (D14) is the otp machine's `isRoleConflict`.
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
