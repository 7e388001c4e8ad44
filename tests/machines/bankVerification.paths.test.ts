import { describePaths } from '../support/paths.vitest';
import { bankVerificationPathModel } from './bankVerification.model';

describePaths(bankVerificationPathModel);
