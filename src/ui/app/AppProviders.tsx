import { MantineContext, MantineProvider, MantineThemeProvider } from '@mantine/core';
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

const getRootElement = () => document.documentElement;
const noColorSchemeChange = () => {};
/** What MantineProvider would tell Mantine's components, with the settings above. */
const mantineContext = {
  colorScheme: themeSettings.forceColorScheme,
  setColorScheme: noColorSchemeChange,
  clearColorScheme: noColorSchemeChange,
  getRootElement,
  classNamesPrefix: 'mantine',
  cssVariablesResolver,
  cssVariablesSelector: ':root',
  withStaticClasses: true,
};

/**
 * D220: the built app's pages carry the theme's CSS variables and Mantine's responsive classes
 * in their HTML (D204; prerender.tsx, spa.ts), so a phone does not work them out on every start,
 * and the build gives Mantine's components only what they read: its context and the theme, the
 * two parts of MantineProvider that do not write styles or keep a colour scheme. The dev server's
 * index.html does not carry the styles, so there, and in tests, MantineProvider writes them.
 * `<html data-mantine-color-scheme>` is in index.html.
 */
function Themed({ children }: { children: ReactNode }) {
  const { locale } = useLanguage();
  const theme = themeIn(locale);
  if (import.meta.env.DEV) {
    return (
      <MantineProvider theme={theme} {...themeSettings}>
        {children}
      </MantineProvider>
    );
  }
  return (
    <MantineContext value={mantineContext}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
