// Issue 11 (D172): code a screen needs only once it is on screen (its machine, the flow
// tracker) is fetched after the screen's first paint, not while it renders. Starting a lazy
// chunk during render runs Vite's preloader there (a <link> per file of the chunk), which on a
// phone held the static link's first paint back by ~150 ms of main thread, and put the chunk's
// files ahead of the paint that Lighthouse times.
import { Suspense, useEffect, useState, type ReactNode } from 'react';

/** Renders `children` (lazy components) once this place's first paint is done. */
export function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // Preact and React run an effect of a first render after that render is painted.
    setPainted(true);
  }, []);
  return painted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
