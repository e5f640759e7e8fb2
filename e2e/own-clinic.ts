import fs from 'node:fs';
import path from 'node:path';
import { request as apiRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { CLOCK_JUMP_FILE } from '../src/server/platform/clock-jump';
import { startFakeProvider, type FakeProvider } from '../src/server/test/fake-providers';
import { DEMO, DEMO_PASSWORD, expect, slot, test as base } from './fixtures';
import { startServer } from './global-setup';

/**
 * A third clinic for the specs that must move the server's clock (the reminder due a week later, a session left
 * idle for minutes): the suite's two servers run at the real pace from their start and every other spec counts on
 * it. Started once per worker, when a spec first asks for it, with a local (fake) Twilio configured — the other
 * two have no phone provider — and the worker's SMTP server. Its clock starts on a Tuesday morning in Madrid.
 */
export interface OwnClinic {
  baseURL: string;
  twilio: FakeProvider;
  /** The clinic's now by its server's clock: its start, the real time since, and the jumps. */
  now(): Date;
  /** Moves the server's clock forward by `ms` (DATA_DIR/clock-jump-ms and SIGUSR2) and waits until it has. */
  moveClock(ms: number): Promise<void>;
  /** A browser page on this clinic, at its address and on its clock. */
  newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page>;
  /** An API client signed in as the demo admin (with the Origin a browser sends). */
  signedInAdmin(): Promise<APIRequestContext>;
}

export const OWN_CLINIC_CLOCK_START = '2026-01-20T08:30:00+01:00';
export const OWN_CLINIC_TWILIO = {
  sid: 'AC0123456789abcdef0123456789abcdef',
  token: 'clave-de-twilio',
  from: '+34911000000',
};

export const test = base.extend<object, { ownClinic: OwnClinic }>({
  ownClinic: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const { smtpPort } = slot();
      const twilio = await startFakeProvider('twilio');
      const server = await startServer(OWN_CLINIC_CLOCK_START, smtpPort, {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: OWN_CLINIC_TWILIO.sid,
        TWILIO_AUTH_TOKEN: OWN_CLINIC_TWILIO.token,
        TWILIO_FROM: OWN_CLINIC_TWILIO.from,
        TWILIO_BASE_URL: twilio.url,
      });
      let jumpedMs = 0;
      const now = () => new Date(Date.parse(OWN_CLINIC_CLOCK_START) + (Date.now() - server.clockStartedAt) + jumpedMs);
      await use({
        baseURL: server.baseURL,
        twilio,
        now,
        async moveClock(ms) {
          const file = path.join(server.dataDir, CLOCK_JUMP_FILE);
          fs.writeFileSync(file, String(Math.round(ms)));
          process.kill(server.serverPid, 'SIGUSR2');
          // The server removes the file once its clock has moved.
          await expect.poll(() => fs.existsSync(file), { timeout: 15_000 }).toBe(false);
          jumpedMs += Math.round(ms);
        },
        async newPage(browser, viewport) {
          const context = await browser.newContext({ baseURL: server.baseURL, viewport });
          await context.clock.install({ time: now() });
          return context.newPage();
        },
        async signedInAdmin() {
          const admin = await apiRequest.newContext({
            baseURL: server.baseURL,
            extraHTTPHeaders: { Origin: server.baseURL },
          });
          const signIn = await admin.post('/api/auth/sign-in', {
            data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
          });
          expect(signIn.ok(), await signIn.text()).toBeTruthy();
          return admin;
        },
      });
      await server.stop();
      await twilio.close();
    },
    // Migrating and seeding the demo took up to 78 s on a loaded two-core machine (e2e/global-setup.ts).
    { scope: 'worker', timeout: 240_000 },
  ],
});
