import { describePaths } from '../support/paths.vitest';
import { tutorDashboardPathModel } from './tutorDashboard.model';

describePaths(tutorDashboardPathModel);
