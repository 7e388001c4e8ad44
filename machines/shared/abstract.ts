// Effects are abstract in a machine and made real with `.provide()` (ARCHITECTURE.md).
// An abstract action that was not provided fails loudly instead of doing nothing.

export function notProvided(name: string): never {
  throw new Error(
    `The action '${name}' is abstract: provide it with machine.provide({ actions: { ${name} } }).`,
  );
}
