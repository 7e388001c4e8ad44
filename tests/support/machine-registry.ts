// Every machine with a path model. scripts/path-coverage.ts reports on each one; add a
// machine's model here when you add the machine.
import { activeFlowPathModel } from '../machines/activeFlow.model';
import { countdownPathModel } from '../machines/countdown.model';
import { createPathSuite, type PathSuite } from './paths';

export const pathSuites: PathSuite[] = [
  createPathSuite(activeFlowPathModel),
  createPathSuite(countdownPathModel),
];
