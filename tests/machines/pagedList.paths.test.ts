import { describePaths } from '../support/paths.vitest';
import { pagedListPathModel } from './pagedList.model';

describePaths(pagedListPathModel);
