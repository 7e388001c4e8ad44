// D192: postgres.js's queue, as patched (patches/postgres+3.4.9.patch), still hands out what
// was queued in order and removes what it is asked to, through a long run in which it never
// empties: the case where it used to keep one slot per item ever queued.
import { describe, expect, it } from 'vitest';
// Not exported by the package, nor typed; the patched file is what the driver runs.
// @ts-expect-error: no declaration for the package's internal module
import untypedQueue from '../../node_modules/postgres/src/queue.js';

interface DriverQueue<T> {
  readonly length: number;
  push(item: T): T;
  shift(): T | undefined;
  remove(item: T): T | null;
}
const Queue = untypedQueue as <T>(initial: T[]) => DriverQueue<T>;

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe("postgres.js's connection queue", () => {
  it('behaves as a list through 100,000 pushes, shifts and removes that never empty it', () => {
    const next = random(7);
    const queue = Queue<number>([]);
    const model: number[] = [];
    let pushed = 0;
    for (let step = 0; step < 100_000; step += 1) {
      const roll = next();
      if (model.length < 3 || roll < 0.4) {
        queue.push(pushed);
        model.push(pushed);
        pushed += 1;
      } else if (roll < 0.8) {
        expect(queue.shift()).toBe(model.shift());
      } else {
        const item = model[Math.floor(next() * model.length)]!;
        expect(queue.remove(item)).toBe(item);
        model.splice(model.indexOf(item), 1);
        // Something no longer queued is not found.
        expect(queue.remove(item)).toBeNull();
      }
      expect(queue.length).toBe(model.length);
    }
    while (model.length > 0) expect(queue.shift()).toBe(model.shift());
    expect(queue.length).toBe(0);
  });
});
