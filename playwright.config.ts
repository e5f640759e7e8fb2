import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

/**
 * The browser suite runs against the real server (built client + API + PGlite in a fresh temp dir)
 * that e2e/global-setup.ts starts. Global setup runs in the runner process before any worker starts and
 * sets process.env.BASE_URL; workers inherit that environment and evaluate this file again, so
 * `baseURL` below is the started server's address there (e2e/fixtures.ts also falls back to
 * e2e/.tmp/state.json).
 */
export default defineConfig({
  testDir: 'e2e',
  workers: 1,
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
    baseURL: process.env.BASE_URL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
