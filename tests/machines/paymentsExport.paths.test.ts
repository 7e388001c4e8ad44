import { describePaths } from '../support/paths.vitest';
import { paymentsExportPathModel } from './paymentsExport.model';

describePaths(paymentsExportPathModel);
