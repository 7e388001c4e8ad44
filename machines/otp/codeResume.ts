// D128: where a login resumes after a reload on its code step. Its own module, importing
// types only, so the pages that keep the code (codeMemory) do not pull in the otp machine.
import { OTP_VALIDITY_MS } from '../../src/domain/constants';
import type { CodeStepStart } from './phoneStep';

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
