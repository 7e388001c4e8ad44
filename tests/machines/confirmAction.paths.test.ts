import { describePaths } from '../support/paths.vitest';
import { confirmActionPathModel } from './confirmAction.model';

describePaths(confirmActionPathModel);
