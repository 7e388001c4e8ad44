import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests: browser-side code under jsdom, everything else (domain, machines, server) under
// node. Path tests (`npm run test:paths`): each machine's generated paths on the machine alone
// (node) and through its view (jsdom); `npm run test:unit` leaves them out.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/ui/**', 'tests/browser/**', 'tests/paths/**'],
          setupFiles: ['tests/support/setup-texts.ts'],
          globalSetup: ['tests/support/migratedPglite.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}', 'tests/browser/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-texts.ts', 'tests/support/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'paths-machine',
          environment: 'node',
          include: ['tests/paths/machineLayer.paths.test.ts'],
          setupFiles: ['tests/support/setup-texts.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'paths-ui',
          environment: 'jsdom',
          include: ['tests/paths/uiLayer.paths.test.ts'],
          setupFiles: ['tests/support/setup-texts.ts', 'tests/support/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
