// Issue 11 (D189): a route's first paint as HTML, made at build time (scripts/prerender.ts), so
// a phone shows the screen as soon as index.html and its CSS are in, and the app then hydrates
// the same markup (main.tsx). Only routes whose first paint reads neither the URL's parameters
// nor the browser's storage are prerendered (PRERENDERED_ROUTES); the others start empty.
import { MantineProvider } from '@mantine/core';
import { StrictMode, type ReactElement } from 'react';
import { StaticRouter } from 'react-router-dom';
import { options } from 'preact';
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import { setActiveLocale } from '../../domain/texts';
import type { Locale } from '../../domain/locale';
import { AppProviders, themeSettings } from './AppProviders';
import { AppRoutes } from './routes';
import { themeIn } from './theme';

/**
 * Route pattern → a path it is rendered at. The static link's first paint is the amount screen
 * with no tutor yet (the name arrives with the controller); the tutor's profile is its frame
 * while the tutor is looked up; the login's is its phone step.
 */
export const PRERENDERED_ROUTES: Record<string, string> = {
  '/static-link/:username': '/static-link/tutor',
  // Not '/tutor': that is the tutor area's own route.
  '/:username': '/a-tutor',
  '/student/login': '/student/login',
};

// Preact 11's `use(context)` (Mantine's useMantineTheme) reads the component's context map as
// `__n`, which preact-render-to-string 6.8 does not set on its components; a function
// component's `context` is that map.
type RenderedVNode = { __c?: { __n?: unknown; context?: unknown } };
const hooks = options as unknown as { __r?: (vnode: RenderedVNode) => void };
const beforeRender = hooks.__r;
hooks.__r = (vnode) => {
  beforeRender?.(vnode);
  if (vnode.__c && !vnode.__c.__n) vnode.__c.__n = vnode.__c.context;
};

/** The markup the app's first render makes at `path`, in `locale`. */
export async function prerender(path: string, locale: Locale): Promise<string> {
  await setActiveLocale(locale);
  const app: ReactElement = (
    <StrictMode>
      <AppProviders>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
  // The build renders with Preact (D161): React's element is Preact's vnode there.
  return renderToStringAsync(app as unknown as Parameters<typeof renderToStringAsync>[0]);
}

/**
 * D204: the theme's CSS variables as Mantine's provider writes them (a `<style>` of those that
 * differ from Mantine's own), made once here for every page's head (spa.ts), instead of on every
 * start of the app on a phone. Every language's theme has the same variables.
 */
export async function themeVariables(): Promise<string> {
  await setActiveLocale('en');
  const provider: ReactElement = (
    <MantineProvider theme={themeIn('en')} {...themeSettings} withGlobalClasses={false}>
      {null}
    </MantineProvider>
  );
  return renderToString(provider as unknown as Parameters<typeof renderToString>[0]);
}
