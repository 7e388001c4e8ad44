import { describePaths } from '../support/paths.vitest';
import { tutorGuardPathModel } from './tutorGuard.model';

describePaths(tutorGuardPathModel);
