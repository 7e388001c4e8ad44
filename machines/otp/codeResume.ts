// D128: what both logins keep of a code that went out, and where they resume after a reload
// on the code step. Its own module, without the otp machine, so the pages that keep the code
// (src/browser/codeMemory.ts) do not load it.
import { OTP_VALIDITY_MS } from '../../src/domain/constants';
import { notProvided } from '../shared/abstract';
import type { CodeStepStart } from './phoneStep';

/** What the page keeps when a code goes out. */
export interface RememberedCode {
  phone: string;
  resendAfter: number | null;
}

/** The logins' abstract actions: keep the code for a reload; forget it when the step is left. */
export const codeMemoryActions = {
  rememberCode: (_: unknown, _params: RememberedCode) => notProvided('rememberCode'),
  forgetCode: () => notProvided('forgetCode'),
};

/** After the code step's start is known (`codeSent`, `codeSentBefore`): what to keep. */
export const rememberCode = {
  type: 'rememberCode',
  params: ({ context }: { context: { phone: string; otp: CodeStepStart } }): RememberedCode => ({
    phone: context.phone,
    resendAfter: context.otp.resendAfter,
  }),
} as const;

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
