// Fake actors for the payment machines' tests: each call of the actor waits until the test
// settles it, so a test (or a path model) decides what the "server" answers and when.
import { fromPromise, type EventObject } from 'xstate';
import type { EventFixture } from '../support/paths';

export interface PendingCall<O, I> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

export interface FakeActor<O, I = void> {
  logic: ReturnType<typeof fromPromise<O, I>>;
  calls: PendingCall<O, I>[];
  /** What the calls were answered with, in order. */
  outputs: O[];
  /** The latest call, which the machine is waiting for. */
  last(): PendingCall<O, I>;
}

export function fakeActor<O, I = void>(): FakeActor<O, I> {
  const calls: PendingCall<O, I>[] = [];
  const outputs: O[] = [];
  return {
    logic: fromPromise<O, I>(
      ({ input }) =>
        new Promise<O>((resolve, reject) =>
          calls.push({
            input,
            resolve: (output) => {
              outputs.push(output);
              resolve(output);
            },
            reject,
          }),
        ),
    ),
    calls,
    outputs,
    last() {
      const call = calls.at(-1);
      if (!call) throw new Error('The actor was never invoked.');
      return call;
    },
  };
}

/** Lets settled promises reach the actor (their events are delivered asynchronously). */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Path-model fixtures for an invoked actor's done event: one case per output. */
export function doneCases<W, O>(
  id: string,
  outputs: readonly [O, ...O[]],
  actor: (world: W) => { last(): { resolve(output: O): void } },
): EventFixture<EventObject, W> {
  const cases = outputs.map((output) => ({
    type: `xstate.done.actor.${id}`,
    output,
  })) as unknown as [EventObject, ...EventObject[]];
  return {
    cases,
    exec: async ({ world }, event) => {
      actor(world)
        .last()
        .resolve((event as unknown as { output: O }).output);
      await flush();
    },
  };
}

/** Path-model fixtures for an invoked actor's error event: one case per error. */
export function errorCases<W>(
  id: string,
  errors: readonly [unknown, ...unknown[]],
  actor: (world: W) => { last(): { reject(error: unknown): void } },
): EventFixture<EventObject, W> {
  const cases = errors.map((error) => ({ type: `xstate.error.actor.${id}`, error })) as unknown as [
    EventObject,
    ...EventObject[],
  ];
  return {
    cases,
    exec: async ({ world }, event) => {
      actor(world)
        .last()
        .reject((event as unknown as { error: unknown }).error);
      await flush();
    },
  };
}
