import { describePaths } from '../support/paths.vitest';
import { paymentPathModel } from './payment.model';

describePaths(paymentPathModel);
