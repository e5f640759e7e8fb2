import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts', 'build/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test/setup.ts'],
          // The browser of the client suite is in New York, not in the clinic's Madrid: a screen that writes
          // a date in the browser's zone instead of the clinic's shows the wrong day or hour, and its test fails.
          env: { TZ: 'America/New_York' },
          testTimeout: 15_000,
        },
      },
    ],
  },
});
