// The tutor sign-up machine's user events as its paths send them (step 1's form has its own,
// personalDetails.events.ts): the path model and the Chromium walk (e2e/signup-paths.spec.ts)
// share them. Plain data: no views, so Playwright can load it.
import type { tutorOnboardingMachine } from '../../machines/tutorOnboarding/tutorOnboarding.machine';
import type { EventFixtures } from '../support/paths';

/** The valid PAN of the paths (the Chromium walk types a fresh one in its place). */
export const PAN = 'ABCPV1234K';

export const tutorOnboardingEvents = {
  'signup.retry': [{ type: 'signup.retry' }],
  'session.login': [{ type: 'session.login' }],
} satisfies EventFixtures<typeof tutorOnboardingMachine>;
