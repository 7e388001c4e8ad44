// Issue 11 (D189): a route's first paint as HTML, made at build time (scripts/prerender.ts), so
// a phone shows the screen as soon as index.html and its CSS are in, and the app then hydrates
// the same markup (main.tsx). Only routes whose first paint reads neither the URL's parameters
// nor the browser's storage are prerendered (PRERENDERED_ROUTES); the others start empty.
import { MantineProvider } from '@mantine/core';
import { StrictMode, type ReactElement } from 'react';
import { StaticRouter } from 'react-router-dom';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { setActiveLocale } from '../../domain/texts';
import type { Locale } from '../../domain/locale';
import { AppProviders, themeSettings } from './AppProviders';
import { AppRoutes } from './routes';
import { themeIn } from './theme';

/**
 * Route pattern → a path it is rendered at. The static link's first paint is the amount screen
 * with no tutor yet (the name arrives with the controller); the tutor's profile is its frame
 * while the tutor is looked up; the login's is its phone step; the review's is its frame.
 */
export const PRERENDERED_ROUTES: Record<string, string> = {
  '/static-link/:username': '/static-link/tutor',
  // Not '/tutor': that is the tutor area's own route.
  '/:username': '/a-tutor',
  '/student/login': '/student/login',
  // D222: the review's frame (steps, title, loading line) reads nothing of the visit's; the
  // payment actor fills it after the paint (D178).
  '/pay/review': '/pay/review',
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
  // D215: a static prerender waits for every lazy screen, so the markup is the screen itself,
  // not its Suspense fallback as renderToString would write. An error would otherwise leave that
  // part to be drawn in the browser, silently.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(app, {
    onError: (error) => void errors.push(error),
  });
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${path} failed`);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * D204, D220: the theme's CSS variables (a `<style>` of those that differ from Mantine's own) and
 * Mantine's responsive classes (hiddenFrom, visibleFrom) as Mantine's provider writes them, made
 * once here for every page's head (spa.ts), instead of on every start of the app on a phone.
 * Every language's theme has the same.
 */
export async function themeVariables(): Promise<string> {
  await setActiveLocale('en');
  const provider: ReactElement = (
    <MantineProvider theme={themeIn('en')} {...themeSettings}>
      {null}
    </MantineProvider>
  );
  return renderToString(provider);
}
