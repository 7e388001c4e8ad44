import { describePaths } from '../support/paths.vitest';
import { receiptPathModel } from './receipt.model';

describePaths(receiptPathModel);
