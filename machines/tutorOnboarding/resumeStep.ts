// Where tutor sign-up opens (spec §4 "Tutor onboarding step": "A stored step above 0 resumes
// that step at sign-up"; D4). The stored step wins, but never past what the profile allows: a
// stored 3 without a bank account opens step 2. A tutor with nothing left to do (step 0) goes
// to the dashboard.
import {
  tutorOnboardingStep,
  type TutorFacts,
  type TutorOnboardingStepNumber,
} from '../../src/domain/onboarding';

export type SignupStep = 1 | 2 | 3;

export function resumeStep(stored: number | null, tutor: TutorFacts): TutorOnboardingStepNumber {
  const derived = tutorOnboardingStep(tutor).step;
  if (derived === 0) return 0;
  if (stored === 1 || stored === 2 || stored === 3) return Math.min(stored, derived) as SignupStep;
  return derived;
}
