import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: browser-side code under jsdom, everything else (domain, machines, server) under node.
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
          exclude: ['tests/ui/**', 'tests/browser/**'],
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
          setupFiles: ['tests/support/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
