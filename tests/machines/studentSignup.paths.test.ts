import { describePaths } from '../support/paths.vitest';
import { studentSignupPathModel } from './studentSignup.model';

describePaths(studentSignupPathModel);
