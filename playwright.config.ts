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
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
