import { describePaths } from '../support/paths.vitest';
import { tutorLoginPathModel } from './tutorLogin.model';

describePaths(tutorLoginPathModel);
