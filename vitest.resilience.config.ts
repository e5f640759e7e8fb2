import { defineConfig } from 'vitest/config';

/**
 * `npm run test:resilience` (issue 14, item 3): load and fault tests against real server processes on
 * PostgreSQL and PGlite. Not part of `npm test`: `.ci/run` runs it after the PostgreSQL pass. One file at a
 * time (they start servers and load the machine), with room for a busy two-core box.
 */
export default defineConfig({
  test: {
    name: 'resilience',
    environment: 'node',
    include: ['resilience/**/*.test.ts'],
    globalSetup: ['resilience/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
