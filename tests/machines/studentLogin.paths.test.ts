import { describePaths } from '../support/paths.vitest';
import { studentLoginPathModel } from './studentLogin.model';

describePaths(studentLoginPathModel);
