import { describePaths } from '../support/paths.vitest';
import { amountEntryPathModel } from './amountEntry.model';

describePaths(amountEntryPathModel);
