// What the production build gets for `import … from 'react'` (vite.config.ts, issue 11, D161):
// Preact's React layer, 11 KB gzip where react-dom alone is 64 KB. Preact 11 passes `ref` as a
// prop and has React 19's hooks; Mantine 9 also takes `Activity`, which Preact does not have.
// Mantine uses it only to keep a closed panel's state (`keepMounted`), which no screen of ours
// asks for, so here a hidden Activity is not rendered at all.
import type { ComponentChildren } from 'preact';
// When a state change renders: as React does, not all in microtasks (D183).
import './renderScheduling';

// @ts-expect-error preact/compat's types are written as `export =` (React's namespace); the
// module itself is ESM with named exports, which is what the bundler reads.
export * from 'preact/compat';
export { default } from 'preact/compat';

export function Activity({
  mode,
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}): ComponentChildren {
  return mode === 'hidden' ? null : children;
}

/** React Router asks for React 19's useOptimistic and, finding none, keeps the value as it is. */
export const useOptimistic = undefined;
