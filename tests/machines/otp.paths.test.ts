import { describePaths } from '../support/paths.vitest';
import { otpPathModel } from './otp.model';

describePaths(otpPathModel);
