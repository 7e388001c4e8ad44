import { describePaths } from '../support/paths.vitest';
import { activeFlowPathModel } from './activeFlow.model';

describePaths(activeFlowPathModel);
