import { describePaths } from '../support/paths.vitest';
import { paymentLinkPathModel } from './paymentLink.model';

describePaths(paymentLinkPathModel);
