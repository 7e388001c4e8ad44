import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageProvider, useLanguage } from './language';
import { cssVariablesResolver, themeIn } from './theme';

/** Everything the screens need around the router. Tests render the same providers. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider>
      <Themed>{children}</Themed>
    </LanguageProvider>
  );
}

/**
 * Light only: no dark palette is designed, and forcing it spares a storage read at start. The
 * resolver overrides some of Mantine's colours (theme.ts). The build renders the variables with
 * these same settings (prerender.tsx).
 */
export const themeSettings = { forceColorScheme: 'light', cssVariablesResolver } as const;

function Themed({ children }: { children: ReactNode }) {
  const { locale } = useLanguage();
  // Issue 11 (D204): the built app's pages carry the theme's CSS variables in their HTML
  // (prerender.tsx, spa.ts), so a phone does not work them out again on every start; the dev
  // server's index.html does not, and the tests render them as Mantine does.
  return (
    <MantineProvider
      theme={themeIn(locale)}
      {...themeSettings}
      withCssVariables={import.meta.env.DEV}
    >
      {children}
    </MantineProvider>
  );
}
