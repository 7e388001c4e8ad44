// Effects are abstract in a machine and made real with `.provide()` (ARCHITECTURE.md).
// An abstract action or actor that was not provided fails loudly instead of doing nothing.
import { fromPromise } from 'xstate';

export function notProvided(name: string): never {
  throw new Error(
    `The action '${name}' is abstract: provide it with machine.provide({ actions: { ${name} } }).`,
  );
}

/** An abstract promise actor: rejects until the UI (or a test) provides the real one. */
export function abstractPromise<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(
      new Error(
        `The actor '${name}' is abstract: provide it with machine.provide({ actors: { ${name} } }).`,
      ),
    ),
  );
}
