import { describePaths } from '../support/paths.vitest';
import { payeeLookupPathModel } from './payeeLookup.model';

describePaths(payeeLookupPathModel);
