import { describePaths } from '../support/paths.vitest';
import { tutorDetailsPathModel } from './tutorDetails.model';

describePaths(tutorDetailsPathModel);
