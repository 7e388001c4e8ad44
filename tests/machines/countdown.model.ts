// Path model of the countdown machine (3 seconds, as on /pay/redirect), shared by its vitest
// suite and scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import { countdownMachine, TICK_MS } from '../../machines/countdown/countdown.machine';
import type { EventFixtures, PathModel } from '../support/paths';

interface World {
  doneCalls: number;
}

const SECONDS = 3;

// The countdown takes no events: time alone moves it (its `after` delay).
export const countdownEvents = {} satisfies EventFixtures<typeof countdownMachine, World>;

export const countdownPathModel: PathModel<typeof countdownMachine, World> = {
  name: 'countdown',
  machine: countdownMachine,
  inputs: [{ seconds: SECONDS }],
  world: () => ({ doneCalls: 0 }),
  provide: (world) =>
    countdownMachine.provide({ actions: { onDone: () => void (world.doneCalls += 1) } }),
  events: countdownEvents,
  states: {
    running: (snapshot, { world, clock }) => {
      const elapsed = clock.now() / TICK_MS;
      assert.ok(Number.isInteger(elapsed), 'ticks happen on whole seconds');
      assert.equal(snapshot.context.remaining, SECONDS - elapsed);
      assert.ok(snapshot.context.remaining >= 1);
      assert.equal(world.doneCalls, 0);
    },
    done: (snapshot, { world, clock }) => {
      assert.equal(clock.now(), SECONDS * TICK_MS);
      assert.equal(snapshot.context.remaining, 0);
      assert.equal(snapshot.status, 'done');
      assert.equal(world.doneCalls, 1);
    },
  },
};
