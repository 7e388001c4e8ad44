import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests: browser-side code under jsdom, the server's suites under node in shared workers
// (D196), everything else (domain, machines) under node. Path tests (`npm run test:paths`):
// each machine's generated paths on the machine alone (node) and through its view (jsdom);
// `npm run test:unit` leaves them out.
export default defineConfig({
  plugins: [react()],
  test: {
    // D196: two workers even on CI's two cores: a server suite on PostgreSQL waits on the
    // database's process much of its time (the whole run took 644 s against 847 s with one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // D196: the server's suites share their worker's modules rather than importing the
          // app afresh for each file (528 s against 644 s for the whole run). Each suite still
          // gets its own app, database and clock (tests/support/server.ts); the process-wide
          // state they share is the server's own (the request's language, D158).
          isolate: false,
          setupFiles: ['tests/support/setup-texts.ts'],
          globalSetup: ['tests/support/migratedPglite.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: [
            'tests/server/**',
            'tests/ui/**',
            'tests/browser/**',
            'tests/paths/**',
            'tests/production/**',
          ],
          setupFiles: ['tests/support/setup-texts.ts'],
          testTimeout: 20_000,
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
          // D217, D218: the build as it ships (`npm run test:production`, after `npm run build`).
          name: 'production',
          environment: 'node',
          include: ['tests/production/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 60_000,
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
