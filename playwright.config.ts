import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

/**
 * The browser suite runs against real servers (built client + API + PGlite in a fresh temp dir) that
 * e2e/global-setup.ts starts: a morning and an evening clinic and an SMTP server for each worker (its slot), so
 * that two workers never share a clinic's data, clock or mailbox. e2e/fixtures.ts gives each test its worker's
 * address as `baseURL`. One worker below four cores (E2E_WORKERS to choose): on two cores, two browser workers
 * beside the Vitest lane left no core free, made the whole CI run longer (17.5 → 18–22 min) and pushed a
 * 5 000-appointment week over its 200 ms long-task bound (docs/performance.md, «the browser suite on two
 * workers, tried and left for four cores»).
 */
const workers = Number(process.env.E2E_WORKERS) || (os.availableParallelism() >= 4 ? 2 : 1);

export default defineConfig({
  testDir: 'e2e',
  workers,
  retries: 0,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // CI runs this suite beside the API suite on PostgreSQL, on two cores: a heavy screen (the calendar's month
  // of a 50-doctor clinic) can take several seconds there to render what takes half a second alone.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
