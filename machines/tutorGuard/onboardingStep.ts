// What the tutor machines (tutorGuard, tutorLogin, aadharRedirect) read of the logged-in tutor
// and keep of the onboarding step they derive from it (spec §4 "Tutor onboarding step", D4).
import { PRODUCT_NAME, messages } from '../../src/domain/messages';
import { LOGIN_PATHS } from '../shared/loginPaths';
import type { NavigateParams } from '../shared/navigation';
import {
  tutorOnboardingStep,
  type TutorFacts,
  type TutorOnboardingStep,
} from '../../src/domain/onboarding';

/** The tutor as the profile fetch gives it: the step's facts, plus what the dashboard shows. */
export interface TutorSummary extends TutorFacts {
  username?: string | null;
}

/** Spec §4 "stores the step and navigation target": what the `storeStep` action receives. */
export type StepToStore = Pick<TutorOnboardingStep, 'step' | 'target'>;

export function stepToStore({ step, target }: TutorOnboardingStep): StepToStore {
  return { step, target };
}

/** storeStep's params from the profile fetch's done event. */
export function derivedStep({ event }: { event: { output: TutorSummary } }): StepToStore {
  return stepToStore(tutorOnboardingStep(event.output));
}

/** Navigate's params to the derived step's target; the page left behind leaves the history. */
export function toTarget({
  context,
}: {
  context: { onboarding: TutorOnboardingStep | null };
}): NavigateParams {
  return { to: context.onboarding?.target ?? LOGIN_PATHS.teacher, replace: true };
}

/** Spec §4: "the prefill fails: step 1" (personal details). */
export const PREFILL_FAILED_STEP: TutorOnboardingStep = tutorOnboardingStep({
  prefillFailed: true,
  hasBankAccount: false,
});

/** The storage a tutor screen starts from (read by an abstract `readSession` actor). */
export interface TutorSessionFacts {
  /** An access token is stored. */
  hasToken: boolean;
  /** The student-login flag is stored (spec §4 "Tutor guard"). */
  studentLogin: boolean;
  /** The stored user id: aadhar-redirect re-reads the KYC status with it. */
  userId: string | null;
}

export { TUTOR_LOGIN_PATH } from '../shared/loginPaths';

/**
 * What a tutor reads once the Aadhaar KYC is done (aadhar-redirect, the dashboard's dialog): the
 * congratulations, then payments now, or in 2-3 business days while under review (D4).
 */
export function kycDoneTexts(underReview: boolean): { title: string; body: string } {
  return {
    title: messages.aadhaar.congratulations,
    body: underReview
      ? messages.aadhaar.underReview
      : messages.aadhaar.startAccepting(PRODUCT_NAME),
  };
}
