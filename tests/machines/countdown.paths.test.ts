import { describePaths } from '../support/paths.vitest';
import { countdownPathModel } from './countdown.model';

describePaths(countdownPathModel);
