// @vitest-environment jsdom
// Every generated path of every machine with a view, replayed through that view.
import { describePaths, pathModels } from '../support/paths.vitest';
import { screenDriver } from '../support/uiPaths';

const models = pathModels(import.meta.glob('../machines/*.model.{ts,tsx}', { eager: true }));
for (const model of models) {
  if (model.ui) describePaths(model, 'ui', () => screenDriver(model));
}
