import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageProvider } from './language';
import { cssVariablesResolver, theme } from './theme';

/** Everything the screens need around the router. Tests render the same providers. */
export function AppProviders({ children }: { children: ReactNode }) {
  // Light only: no dark palette is designed, and forcing it spares a storage read at start.
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <LanguageProvider>{children}</LanguageProvider>
    </MantineProvider>
  );
}
