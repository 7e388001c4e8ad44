// Issue 11 (D172): code a screen needs only once it is on screen (its machine, the flow
// tracker) is fetched after the screen's first paint, not while it renders: started during
// render, its fetching and loading ran ahead of the paint that Lighthouse times (by ~150 ms of
// a phone's main thread on the static link). Such chunks also get no preload links (D174,
// AFTER_PAINT_CHUNKS in vite.config.ts).
import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` (lazy components) once this place's first paint is done; `fallback` (none
 * by default) until they are in.
 */
export function AfterPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // React runs an effect of a first render after that render is painted.
    setPainted(true);
  }, []);
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
