// What tutor sign-up gives its machines (tutorOnboarding, bankVerification, aadhaarVerification):
// the stored step and user id, the step's write-back, and the way to the gateway's KYC page
// (D15: only on the configured onboarding origin). D16: nothing of the forms is stored.
import { fromPromise } from 'xstate';
import type { SignupStep } from '../../../../../machines/tutorOnboarding/resumeStep';
import type {
  TutorOnboardingInput,
  TutorSignupProfile,
} from '../../../../../machines/tutorOnboarding/tutorOnboarding.machine';
import { fetchTutorProfile } from '../../../../api/actors/tutor';
import { goToOnboarding, isAllowedOnboardingLink } from '../../../../browser/onboardingRedirect';
import { storage } from '../../../../browser/storage';

/** The tutor's user and bank accounts (src/api/actors/tutor.ts), as the wizard reads them. */
export const fetchProfileActor = fromPromise<TutorSignupProfile, void>(({ signal }) =>
  fetchTutorProfile(signal),
);

/** Where sign-up resumes (spec §4: "A stored step above 0 resumes that step"). */
export function readSignupInput(): TutorOnboardingInput {
  return { storedStep: storage.get('tutorOnboardingStep'), userId: storage.get('userId') };
}

/** Each step reached is kept, so a reload resumes it. */
export function storeStep(_: unknown, { step }: { step: SignupStep }): void {
  storage.set('tutorOnboardingStep', step);
}

export function linkAllowed(_: unknown, { url }: { url: string }): boolean {
  return isAllowedOnboardingLink(url);
}

export function openOnboarding(_: unknown, { url }: { url: string }): void {
  goToOnboarding(url);
}
