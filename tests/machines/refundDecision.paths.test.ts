import { describePaths } from '../support/paths.vitest';
import { refundDecisionPathModel } from './refundDecision.model';

describePaths(refundDecisionPathModel);
