import { describePaths } from '../support/paths.vitest';
import { studentLogoutPathModel } from './studentLogout.model';

describePaths(studentLogoutPathModel);
