import { describePaths } from '../support/paths.vitest';
import { tutorOnboardingPathModel } from './tutorOnboarding.model';

describePaths(tutorOnboardingPathModel);
