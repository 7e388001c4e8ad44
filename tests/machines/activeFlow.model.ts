// Path model of the activeFlow machine, shared by its vitest suite and scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import { isSameOriginPath } from '../../src/domain/activeFlow';
import {
  activeFlowMachine,
  isFlowStep,
  type ActiveFlowRecord,
} from '../../machines/activeFlow/activeFlow.machine';
import type { EventFixtures, PathModel, PathRun } from '../support/paths';

interface World {
  persisted: ActiveFlowRecord[];
}

const at = (url: string) => {
  const [pathname = '', query = ''] = url.split(/(?=\?)/);
  return { type: 'location.change', pathname, search: query } as const;
};

export const activeFlowEvents = {
  'location.change': [
    at('/pay-tuition-fees'),
    at('/payment-link/lnk_1'),
    at('/static-link/asha?x=1'),
    at('/student/login'), // a step of the flow: keeps it
    at('/tutors'), // elsewhere: defaultFlow
    at('//evil.com/static-link/asha'), // D15: never recorded
  ],
} satisfies EventFixtures<typeof activeFlowMachine, World>;

/** In every state: nothing foreign (D15) and no step of a flow was ever recorded. */
function invariants({ world }: PathRun<World>) {
  for (const r of world.persisted) {
    assert.ok(isSameOriginPath(r.url), `recorded a foreign path: ${r.url}`);
    assert.ok(!isFlowStep(r.url), `recorded a flow step: ${r.url}`);
  }
}

/** The last record is the state's flow. */
const recorded =
  (flow: ActiveFlowRecord['flow'], urlPrefix: string) => (_: unknown, run: PathRun<World>) => {
    invariants(run);
    const last = run.world.persisted.at(-1);
    assert.equal(last?.flow, flow);
    assert.ok(last.url.startsWith(urlPrefix), `${last.url} should start with ${urlPrefix}`);
  };

export const activeFlowPathModel: PathModel<typeof activeFlowMachine, World> = {
  name: 'activeFlow',
  machine: activeFlowMachine,
  // ActiveFlowTracker renders nothing: the flow it tracks is read by other screens.
  ui: null,
  world: () => ({ persisted: [] }),
  provide: (world) =>
    activeFlowMachine.provide({
      actions: { persistFlow: (_, record) => void world.persisted.push(record) },
    }),
  events: activeFlowEvents,
  states: {
    idle: (_, run) => {
      invariants(run);
      assert.deepEqual(run.world.persisted, []);
    },
    payTuitionFeesFlow: recorded('payTuitionFeesFlow', '/pay-tuition-fees'),
    DynamicLinkFlow: recorded('DynamicLinkFlow', '/payment-link/'),
    StaticLinkFlow: recorded('StaticLinkFlow', '/static-link/'),
    defaultFlow: recorded('defaultFlow', '/'),
  },
};
