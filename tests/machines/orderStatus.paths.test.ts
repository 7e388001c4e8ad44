import { describePaths } from '../support/paths.vitest';
import { orderStatusPathModel } from './orderStatus.model';

describePaths(orderStatusPathModel);
