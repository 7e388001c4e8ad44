// The vitest face of the path harness: one test per generated path and layer, then one test
// per layer that requires every state and transition of the machine to be covered. Each layer
// writes its figures to test-results/paths for `npm run test:paths` to print.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  CoverageCollector,
  createPathSuite,
  type PathModel,
  type PathReport,
  type ScreenDriver,
} from './paths';

export const PATH_REPORTS = join(process.cwd(), 'test-results', 'paths');

export type Layer = 'machine' | 'ui';

export function describePaths<M extends AnyStateMachine, W>(
  model: PathModel<M, W>,
  layer: Layer,
  screen?: () => ScreenDriver,
): void {
  const paths = createPathSuite(model).paths();
  const coverage = new CoverageCollector(model.machine);
  const failures: PathReport['failures'] = [];

  describe(`${model.name} (${layer} layer)`, () => {
    for (const path of paths) {
      it(path.description, async () => {
        try {
          await path.run(coverage, screen?.());
        } catch (error) {
          failures.push({ path: path.description, error: error as Error });
          throw error;
        }
      });
    }

    it('covers every state and every transition', () => {
      const { states, transitions } = coverage.count();
      expect(paths.length).toBeGreaterThan(0);
      expect(states.missing).toEqual([]);
      expect(transitions.missing).toEqual([]);
    });

    afterAll(() => {
      const report: PathReport = {
        name: model.name,
        view: model.ui ? 'walked' : model.ui === null ? 'none' : 'not yet',
        paths: paths.length,
        failures,
        ...coverage.count(),
      };
      mkdirSync(join(PATH_REPORTS, layer), { recursive: true });
      writeFileSync(join(PATH_REPORTS, layer, `${model.name}.json`), JSON.stringify(report));
    });
  });
}

/** Every path model in tests/machines/*.model.ts(x): a new model file is all a machine needs. */
export function pathModels(
  modules: Record<string, Record<string, unknown>>,
): PathModel<AnyStateMachine, unknown>[] {
  return Object.values(modules).flatMap((exports) =>
    Object.entries(exports)
      .filter(([name]) => name.endsWith('PathModel'))
      .map(([, model]) => model as PathModel<AnyStateMachine, unknown>),
  );
}
