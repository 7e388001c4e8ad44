import { Fragment, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { PRODUCT_NAME, messages } from '../../domain/messages';
import { AfterPaint } from './AfterPaint';
import { LanguageSwitch, useLanguage } from './language';
import { createLocationFeed, type LocationFeed } from './locationFeed';

const ActiveFlowTracker = lazy(() => import('./ActiveFlowTracker'));

/** Publishes every location. Rendered before the <Outlet/>: React runs a sibling's effects in
 * order, so once the tracker is loaded the flow is stored before any screen's effects run. */
function LocationPublisher({ feed }: { feed: LocationFeed }) {
  const { pathname, search } = useLocation();
  useEffect(() => feed.publish({ pathname, search }), [feed, pathname, search]);
  return null;
}

/** A new screen starts at the top. Back and forward (POP) are left to the browser's own
 * scroll restoration. */
function ScrollToTop() {
  const { key } = useLocation();
  const action = useNavigationType();
  useEffect(() => {
    if (action !== 'POP') window.scrollTo(0, 0);
  }, [key, action]);
  return null;
}

/** The root route: tracks the active flow, then renders the screen under the language switch. */
export function RootLayout() {
  const [feed] = useState(createLocationFeed);
  const { screen } = useLanguage();
  return (
    <>
      <LocationPublisher feed={feed} />
      <AfterPaint>
        <ActiveFlowTracker feed={feed} />
      </AfterPaint>
      <ScrollToTop />
      <LanguageSwitch />
      {/* A new language renders the screen afresh: what it shows was worded in the old one. */}
      <Fragment key={screen}>
        <ScreenSuspense>
          <Outlet />
        </ScreenSuspense>
      </Fragment>
    </>
  );
}

// The pieces below ship with the entry chunk, so they use plain elements styled with
// Mantine's CSS variables (no component CSS to load).

/** Shown while the first screen's chunk downloads. */
export function BootFallback() {
  return (
    <div
      role="status"
      aria-busy="true"
      style={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        color: 'var(--mantine-primary-color-filled)',
        fontSize: 'var(--mantine-font-size-xl)',
        fontWeight: 650,
      }}
    >
      {PRODUCT_NAME}
    </div>
  );
}

/**
 * Where a layout route renders its screens (<Outlet/>): the boot fallback while a screen's chunk
 * loads. A navigation is a transition (React Router), which keeps the old screen meanwhile; a
 * screen that suspends outside one (a new language renders it afresh) would otherwise hide
 * everything up to the app's boundary, the layout's machine (the payment flow, the tutor guard)
 * with it. So each layout keeps its screens under a boundary of their own.
 */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<BootFallback />}>{children}</Suspense>;
}

/** Replaces the location, showing the boot fallback rather than a blank page until the
 * target's chunk arrives. */
export function Redirect({ to }: { to: string }) {
  return (
    <>
      <Navigate replace to={to} />
      <BootFallback />
    </>
  );
}

/** Any error while loading or rendering a screen (e.g. a chunk that failed on a bad network). */
export function RouteError() {
  return (
    <main style={{ padding: 'var(--mantine-spacing-xl) var(--mantine-spacing-md)' }}>
      <h1 style={{ fontSize: 'var(--mantine-h1-font-size)', margin: 0 }}>{PRODUCT_NAME}</h1>
      <p>{messages.generic.somethingWrong}</p>
      {/* A full page load: it fetches the app again, which is what a failed chunk needs. */}
      <a href="/" style={{ color: 'var(--mantine-color-anchor)' }}>
        {messages.notFound.home}
      </a>
    </main>
  );
}
