import { describePaths } from '../support/paths.vitest';
import { linkCreatePathModel } from './linkCreate.model';

describePaths(linkCreatePathModel);
