// Fake actors for the login machines' tests (otp, studentLogin, studentSignup): every call
// waits until the test settles it, so the test decides what the "server" answers and when.
import { fromPromise, type EventObject } from 'xstate';
import type { EventFixture, PathRun } from '../support/paths';

export interface PendingCall<O, I> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

export interface FakeCall<O, I> {
  logic: ReturnType<typeof fromPromise<O, I>>;
  calls: PendingCall<O, I>[];
  /** The latest call: the one the machine waits for. */
  last(): PendingCall<O, I>;
}

export function fakeCall<O, I = void>(): FakeCall<O, I> {
  const calls: PendingCall<O, I>[] = [];
  return {
    logic: fromPromise<O, I>(
      ({ input }) => new Promise<O>((resolve, reject) => calls.push({ input, resolve, reject })),
    ),
    calls,
    last() {
      const call = calls.at(-1);
      if (!call) throw new Error('The actor was never invoked.');
      return call;
    },
  };
}

/** Lets settled promises reach the actor (their events arrive asynchronously). */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** An ApiFailure-shaped http failure (src/api/errors.ts, D37). */
export const http = (
  status: number,
  message: string | null = null,
  retryAfter: number | null = null,
) => ({ kind: 'http', status, message, retryAfter }) as const;
export const offline = { kind: 'network' } as const;
export const timedOut = { kind: 'timeout' } as const;

type Settle = (run: PathRun<never>, event: EventObject) => Promise<void>;

/** Path fixture: the invoked actor `id` answers with each output in turn. */
export function doneFixture<W>(
  id: string,
  outputs: readonly [unknown, ...unknown[]],
  call: (world: W) => { last(): { resolve(output: never): void } },
): EventFixture<EventObject, W> {
  const cases = outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
  const exec: Settle = async ({ world }, event) => {
    call(world as W)
      .last()
      .resolve((event as unknown as { output: never }).output);
    await flush();
  };
  return { cases: cases as unknown as [EventObject, ...EventObject[]], exec: exec as never };
}

/** Path fixture: the invoked actor `id` fails with each error in turn. */
export function errorFixture<W>(
  id: string,
  errors: readonly [unknown, ...unknown[]],
  call: (world: W) => { last(): { reject(error: unknown): void } },
): EventFixture<EventObject, W> {
  const cases = errors.map((error) => ({ type: `xstate.error.actor.${id}`, error }));
  const exec: Settle = async ({ world }, event) => {
    call(world as W)
      .last()
      .reject((event as unknown as { error: unknown }).error);
    await flush();
  };
  return { cases: cases as unknown as [EventObject, ...EventObject[]], exec: exec as never };
}
