import { describePaths } from '../support/paths.vitest';
import { apiKeyIssuePathModel } from './apiKeyIssue.model';

describePaths(apiKeyIssuePathModel);
