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

function Themed({ children }: { children: ReactNode }) {
  const { locale } = useLanguage();
  // Light only: no dark palette is designed, and forcing it spares a storage read at start.
  return (
    <MantineProvider
      theme={themeIn(locale)}
      forceColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      {children}
    </MantineProvider>
  );
}
