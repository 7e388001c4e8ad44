// The vitest face of the path harness: one test per generated path, and one test that runs
// them all and requires every state and transition of the machine to be covered.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { CoverageCollector, createPathSuite, type PathModel } from './paths';

export function describePaths<M extends AnyStateMachine, W>(model: PathModel<M, W>): void {
  const suite = createPathSuite(model);
  const paths = suite.paths();

  describe(`${model.name}: generated paths`, () => {
    it('generates at least one path', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    for (const path of paths) {
      it(path.description, async () => {
        await path.run(new CoverageCollector(model.machine));
      });
    }

    it('covers every state and every transition', async () => {
      const report = await suite.run();
      expect(report.failures.map((f) => `${f.path}: ${f.error.message}`)).toEqual([]);
      expect(report.states.missing).toEqual([]);
      expect(report.transitions.missing).toEqual([]);
    });
  });
}
