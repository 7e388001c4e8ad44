import { describePaths } from '../support/paths.vitest';
import { receiptPdfPathModel } from './receiptPdf.model';

describePaths(receiptPdfPathModel);
