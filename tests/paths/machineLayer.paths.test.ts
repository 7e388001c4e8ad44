// Every generated path of every machine, run on the machine alone.
import { describePaths, pathModels } from '../support/paths.vitest';

const models = pathModels(import.meta.glob('../machines/*.model.{ts,tsx}', { eager: true }));
for (const model of models) describePaths(model, 'machine');
