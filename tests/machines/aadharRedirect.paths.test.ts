import { describePaths } from '../support/paths.vitest';
import { aadharRedirectPathModel } from './aadharRedirect.model';

describePaths(aadharRedirectPathModel);
