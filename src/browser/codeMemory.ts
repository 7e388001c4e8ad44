// D128: the login code that went out, kept in sessionStorage (phone, time, Resend's wait; never
// the code) so a reload on the code step comes back to it, per role: a student's code does not
// open the tutor login's code step.
import {
  resumeCodeStep,
  type CodeStepResume,
  type RememberedCode,
} from '../../machines/otp/codeResume';
import type { UserRole } from '../domain/constants';
import { storage } from './storage';

export function codeMemory(role: UserRole) {
  return {
    remember(_: unknown, { phone, resendAfter }: RememberedCode) {
      storage.set('codeSentTo', { role, phone, at: Date.now(), resendAfter });
    },
    forget() {
      storage.remove('codeSentTo');
    },
    /** Where the login starts: the code step of this role's code still valid, else null. */
    resume(): CodeStepResume | null {
      const sent = storage.get('codeSentTo');
      return sent?.role === role ? resumeCodeStep(sent, Date.now()) : null;
    },
  };
}
