import { describePaths } from '../support/paths.vitest';
import { publicProfilePathModel } from './publicProfile.model';

describePaths(publicProfilePathModel);
