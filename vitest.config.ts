import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/common/**/*.test.ts',
            'build/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Test files share their worker's loaded modules instead of importing the whole server again each (the
          // import was a third of the run: 8 min 11 s → 4 min 37 s). Each file builds its own app and database;
          // a file that sets the clock sets it back in its afterAll.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test/setup.ts'],
          // As on the server: the files share their worker's modules (React, Mantine, the router…) instead of
          // importing them again each; that import and jsdom's start were two thirds of the client run (337 s →
          // 102 s, one worker). src/client/test/setup.ts empties what a module keeps between tests.
          isolate: false,
          // The browser of the client suite is in New York, not in the clinic's Madrid: a screen that writes
          // a date in the browser's zone instead of the clinic's shows the wrong day or hour, and its test fails.
          env: { TZ: 'America/New_York' },
          // A test that types a whole consent template took over 15 s beside the browser suite on two busy cores.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
