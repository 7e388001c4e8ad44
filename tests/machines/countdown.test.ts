// Journeys of the countdown machine whose end state matters (spec §9, D1).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { countdownMachine } from '../../machines/countdown/countdown.machine';

function start(seconds: number) {
  const clock = new SimulatedClock();
  let doneCalls = 0;
  const actor = createActor(
    countdownMachine.provide({ actions: { onDone: () => void (doneCalls += 1) } }),
    { input: { seconds }, clock },
  ).start();
  return {
    actor,
    clock,
    remaining: () => actor.getSnapshot().context.remaining,
    doneCalls: () => doneCalls,
  };
}

describe('countdown machine', () => {
  it('a countdown of 3 shows 3, 2, 1 and is done after exactly 3 ticks, calling onDone once', () => {
    const c = start(3);
    const seen = [c.remaining()];
    for (let tick = 1; tick <= 3; tick++) {
      c.clock.increment(999);
      expect(c.remaining(), `just before tick ${tick}`).toBe(seen.at(-1));
      c.clock.increment(1);
      seen.push(c.remaining());
    }
    expect(seen).toEqual([3, 2, 1, 0]);
    expect(c.actor.getSnapshot().status).toBe('done');
    expect(c.actor.getSnapshot().value).toBe('done');
    expect(c.doneCalls()).toBe(1);

    for (let s = 1; s <= 5; s++) c.clock.increment(1_000);
    expect(c.doneCalls()).toBe(1);
  });

  it('a countdown of 5 (Aadhaar verification) is done at 5 s, not before', () => {
    const c = start(5);
    for (let s = 1; s <= 4; s++) c.clock.increment(1_000);
    c.clock.increment(999);
    expect(c.actor.getSnapshot().status).toBe('active');
    expect(c.remaining()).toBe(1);
    expect(c.doneCalls()).toBe(0);
    c.clock.increment(1);
    expect(c.actor.getSnapshot().status).toBe('done');
    expect(c.doneCalls()).toBe(1);
  });

  it('stopping the actor (the screen goes away) cancels it: onDone never runs', () => {
    const c = start(3);
    c.clock.increment(1_000);
    c.clock.increment(1_000);
    c.actor.stop();
    for (let s = 1; s <= 5; s++) c.clock.increment(1_000);
    expect(c.doneCalls()).toBe(0);
  });

  it('counts at least one second for odd inputs', () => {
    expect(start(0).remaining()).toBe(1);
    expect(start(-4).remaining()).toBe(1);
    expect(start(Number.NaN).remaining()).toBe(1);
    expect(start(2.2).remaining()).toBe(3);
  });
});
