// Abstract actors of the payment machines: they reject unless the UI (or a test) provides a
// real one with machine.provide({ actors: { name: fromPromise(...) } }) — the actor-side
// twin of machines/shared/abstract.ts's notProvided.
import { fromPromise } from 'xstate';

export function abstractPromise<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(
      new Error(
        `The actor '${name}' is abstract: provide it with machine.provide({ actors: { ${name} } }).`,
      ),
    ),
  );
}
