// What the tutor guard hands the page it renders (react-router's outlet context): the tutor it
// derived the onboarding step from, or null when no one is logged in (login, complete-kyc).
import { useOutletContext } from 'react-router-dom';
import type { TutorSummary } from '../../../../../machines/tutorGuard/onboardingStep';

export interface TutorOutletContext {
  profile: TutorSummary | null;
}

export function useTutorProfile(): TutorSummary | null {
  return useOutletContext<TutorOutletContext | undefined>()?.profile ?? null;
}
