import { describePaths } from '../support/paths.vitest';
import { refundRequestPathModel } from './refundRequest.model';

describePaths(refundRequestPathModel);
