import { describePaths } from '../support/paths.vitest';
import { aadhaarVerificationPathModel } from './aadhaarVerification.model';

describePaths(aadhaarVerificationPathModel);
