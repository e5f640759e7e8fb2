import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';
import { caddyPath, CADDY_INSTALL, freePort, homeTrusting, httpsRequest, startCaddy, type RunningCaddy } from './caddy';
import { DEMO, DEMO_PASSWORD, login, patientPayload } from './fixtures';
import { CLOCK_START, startServer, type StartedServer } from './global-setup';

/**
 * HTTPS behind a real proxy (issue 37, item 6; docs/deploy.md): Debian's Caddy with its internal CA in front of
 * an app server of this spec's own (PUBLIC_URL=https://localhost:<Caddy's port>, TRUST_PROXY=127.0.0.1), and a
 * Chromium that trusts that CA for real (an NSS database in a HOME of its own; no certificate error ignored).
 * Through the proxy: the page loads over HTTPS, sign-in works, the session cookie is `__Host-` and Secure,
 * `Strict-Transport-Security` arrives, and the address the audit log records is the one Caddy reported — not one
 * the client wrote in its own `X-Forwarded-For`. It uses none of global setup's clinics (Playwright's own `test`),
 * so it also runs alone.
 */

const CADDY = caddyPath();
if (!CADDY) {
  console.log(
    [
      '',
      '*'.repeat(100),
      '*  HTTPS-BEHIND-CADDY SPEC SKIPPED (e2e/https-proxy.spec.ts): no Caddy (CADDY_PATH or /usr/bin/caddy) or no certutil.',
      `*  Install them with:  sudo ${CADDY_INSTALL}   and run it again (.ci/run installs them).`,
      '*'.repeat(100),
      '',
    ].join('\n'),
  );
}
test.skip(!CADDY, `needs Caddy and certutil: ${CADDY_INSTALL}`);

/** Addresses a client writes itself: whoever reads them as the client's address can be fooled. */
const FORGED_BY_BROWSER = '203.0.113.66';
const FORGED_BY_SCRIPT = '198.51.100.7';
/** Another loopback address the script connects from, which only Caddy can report (it is not the app's peer). */
const SCRIPT_ADDRESS = '127.0.0.5';

let dir = '';
let app: StartedServer | undefined;
let caddy: RunningCaddy | undefined;
let browser: Browser | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-e2e-caddy-'));
  const caddyHttpsPort = await freePort();
  const origin = `https://localhost:${caddyHttpsPort}`;
  app = await startServer(CLOCK_START, 0, { PUBLIC_URL: origin, TRUST_PROXY: '127.0.0.1', SMTP_URL: '' });
  caddy = await startCaddy(CADDY!, dir, Number(new URL(app.baseURL).port), caddyHttpsPort);
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    env: { ...process.env, HOME: homeTrusting(dir, caddy.rootCertificate) },
  });
});

test.afterAll(async () => {
  await browser?.close();
  await caddy?.stop();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Signs the demo admin in from SCRIPT_ADDRESS through Caddy and registers a patient (an audited change). */
async function registerPatientFromScript(origin: string, ca: string, lastName: string): Promise<string> {
  const common = { ca, localAddress: SCRIPT_ADDRESS };
  const headers = { 'Content-Type': 'application/json', Origin: origin, 'X-Forwarded-For': FORGED_BY_SCRIPT };
  const signIn = await httpsRequest(`${origin}/api/auth/sign-in`, {
    ...common,
    method: 'POST',
    headers,
    body: JSON.stringify({ email: DEMO.admin.email, password: DEMO_PASSWORD }),
  });
  expect(signIn.status, signIn.body).toBe(200);
  const setCookie = [signIn.headers['set-cookie'] ?? []].flat();
  const session = setCookie.find((cookie) => cookie.startsWith('__Host-clinica_session='));
  expect(session, setCookie.join('\n')).toMatch(/; Secure/);
  const created = await httpsRequest(`${origin}/api/patients`, {
    ...common,
    method: 'POST',
    headers: { ...headers, Cookie: session!.split(';')[0]! },
    body: JSON.stringify(patientPayload({ firstName: 'Inés', lastName })),
  });
  expect(created.status, created.body).toBe(201);
  return (JSON.parse(created.body) as { id: string }).id;
}

test('through Caddy: HTTPS with a trusted certificate, a __Host- Secure session, HSTS, and the address Caddy reports', async () => {
  const { origin, rootCertificate } = caddy!;
  const lastName = `Proxy ${Date.now().toString(36)}`;
  const patientId = await registerPatientFromScript(origin, rootCertificate, lastName);

  // The browser writes its own X-Forwarded-For on every request, as anyone may.
  const context = await browser!.newContext({
    baseURL: origin,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    extraHTTPHeaders: { 'X-Forwarded-For': FORGED_BY_BROWSER },
  });
  try {
    const page = await context.newPage();
    // A certificate Chromium did not trust would fail this navigation (net::ERR_CERT_AUTHORITY_INVALID).
    const loginPage = await page.goto('/auth/login');
    expect(loginPage!.status()).toBe(200);
    expect(new URL(page.url()).protocol).toBe('https:');
    expect(await loginPage!.headerValue('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');

    await login(page, DEMO.admin.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de la clínica' })).toBeVisible();
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === '__Host-clinica_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', domain: 'localhost' });
    expect(cookies.map((cookie) => cookie.name)).not.toContain('clinica_session');

    const chart = await page.goto(`/admin/pacientes/${patientId}`);
    expect(await chart!.headerValue('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    await expect(page.getByRole('heading', { level: 1, name: 'Ficha del paciente' })).toBeVisible();

    // The log of this patient: the script's registration from 127.0.0.5 and the browser's read from 127.0.0.1,
    // each as Caddy reported it; neither forged address.
    await page.goto(`/admin/auditoria?patientId=${patientId}`);
    const table = page.getByRole('table', { name: 'Registro de accesos' });
    const rows = table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
    await expect(rows.filter({ hasText: 'Alta · Paciente' })).toContainText(SCRIPT_ADDRESS);
    await expect(rows.filter({ hasText: 'Consulta · Paciente' }).first()).toContainText('127.0.0.1');
    await expect(table).not.toContainText(FORGED_BY_BROWSER);
    await expect(table).not.toContainText(FORGED_BY_SCRIPT);
  } finally {
    await context.close();
  }
});
