import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { CLOCK_START, EVENING_CLOCK_START, STATE_FILE, type E2ESlot, type E2EState } from './global-setup';

export { expect };

export const DEMO_PASSWORD = 'clinica-demo';
export const DEMO = {
  admin: { email: 'admin@clinica.demo', name: 'Marta Sánchez Ruiz' },
  doctor: { email: 'doctora@clinica.demo', name: 'Dra. Lucía Fernández Gómez' },
  paciente: { email: 'paciente@clinica.demo', name: 'Javier Moreno López' },
} as const;

let slotOfThisWorker: E2ESlot | undefined;
/**
 * This worker's clinics and mailbox (global setup started one slot per worker; Playwright's parallel index picks
 * it, so a worker that replaces a failed one takes the same slot).
 */
export function slot(): E2ESlot {
  if (!slotOfThisWorker) {
    const { slots } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as E2EState;
    const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
    slotOfThisWorker = slots[index];
    if (!slotOfThisWorker) throw new Error(`No e2e slot ${index}: global setup started ${slots.length}`);
  }
  return slotOfThisWorker;
}

/** The address of this worker's (morning) clinic. */
export function baseUrl(): string {
  return slot().baseURL;
}

/** The clinic's "now" by the server's clock: CLOCK_START plus the time since the server started. */
export function clinicNow(): Date {
  return new Date(Date.parse(CLOCK_START) + (Date.now() - slot().clockStartedAt));
}

/** Pages of this context see the clinic's time (Date, Intl, timers run at the real pace from there). */
async function useClinicClock(context: BrowserContext): Promise<BrowserContext> {
  await context.clock.install({ time: clinicNow() });
  reportPageErrors(context);
  return context;
}

/**
 * Prints what a page throws, and what it logs as an error (but the browser's own «Failed to load resource» of a
 * refused request), so that a screen that fell to «No se pudo mostrar esta página» in CI says why.
 */
function reportPageErrors(context: BrowserContext) {
  context.on('weberror', (error) => {
    const thrown = error.error();
    process.stderr.write(`[navegador] ${error.page()?.url() ?? ''}: ${thrown.stack ?? thrown.message}\n`);
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      process.stderr.write(`[consola] ${message.page()?.url() ?? ''}: ${message.text()}\n`);
    }
  });
}

/** Another browser (a second user at the same time), on the clinic's clock like the test's own. */
export async function newClinicContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return useClinicClock(await browser.newContext(options));
}

export const test = base.extend({
  // This worker's clinic (playwright.config.ts knows no worker's slot).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => use(baseUrl()),
  context: async ({ context }, use) => use(await useClinicClock(context)),
});

/** The address of the evening clinic (global setup's second server, EVENING_CLOCK_START). */
export function eveningBaseUrl(): string {
  return slot().evening.baseURL;
}

/** The evening clinic's "now": EVENING_CLOCK_START plus the time since that server started. */
export function eveningNow(): Date {
  return new Date(Date.parse(EVENING_CLOCK_START) + (Date.now() - slot().evening.clockStartedAt));
}

/** Another browser on the evening clinic, at its address and on its clock. */
export async function newEveningContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: eveningBaseUrl(), ...options });
  await context.clock.install({ time: eveningNow() });
  return context;
}

/**
 * Tests of the clinic on a Wednesday evening (19:30 in Madrid): pages and `request` go to the evening
 * server and the browser's clock runs from the evening clinic's "now". Use `baseUrl`-free helpers
 * (relative paths, or `eveningBaseUrl()` for an Origin header).
 */
export const eveningTest = base.extend({
  // Playwright reads a fixture's dependencies from its destructuring pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(eveningBaseUrl()),
  context: async ({ context }, use) => {
    await context.clock.install({ time: eveningNow() });
    await use(context);
  },
});

/**
 * Saves a screenshot for a person to look at (a new screen in review), only when E2E_SHOTS_DIR names a folder: no
 * test reads them, and a full-page one costs up to a second of a CI run.
 */
export async function reviewShot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await target.screenshot({ path: path.join(dir, name), ...options });
}

/** A fresh e-mail address nobody has used in this run. */
export function uniqueEmail(prefix = 'paciente'): string {
  return `${prefix}.${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}@e2e.test`;
}

/** Labels of required Mantine inputs end with an aria-hidden " *": match the start of the name. */
export const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

/** The origin the page is on, or this worker's morning clinic while it is still blank. */
const pageOrigin = (page: Page) => new URL(page.url().startsWith('http') ? page.url() : baseUrl()).origin;

/** Signs in through the login form (the page may be anywhere). */
export async function login(page: Page, email: string, password: string) {
  if (new URL(page.url(), 'http://x').pathname !== '/auth/login') await page.goto('/auth/login');
  await fillLogin(page, email, password);
}

/** Fills and submits the login form already on screen. */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: label('Correo electrónico') }).fill(email);
  await page.getByLabel(label('Contraseña')).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Creates a paciente through the API (in the page's cookie jar, i.e. signed in there afterwards). */
export async function signUpViaApi(
  page: Page,
  input: { email: string; password: string; displayName: string; phone?: string },
) {
  const origin = pageOrigin(page);
  const response = await page.request.post('/api/auth/sign-up', { data: input, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Signs in through the API: the page's request context shares its cookies, so the page's next navigation is
 * signed in. For specs whose subject is not signing in (the form's own specs use `login`); it leaves the page
 * where it is. A page still blank on another clinic (the evening's) passes that clinic's `origin`.
 */
export async function signInViaApi(page: Page, email: string, password: string, origin = pageOrigin(page)) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email, password },
    headers: { Origin: origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs out through the API (clears the page's session cookie). */
export async function signOutViaApi(page: Page) {
  const origin = pageOrigin(page);
  const response = await page.request.post('/api/auth/sign-out', { headers: { Origin: origin } });
  expect(response.status()).toBe(204);
}

export interface ReceivedMail {
  file: string;
  to: string[];
  subject: string;
  /** All text parts, transfer-decoded (quoted-printable / base64), so links are intact. */
  text: string;
  html: string;
}

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=\s*/g, (_, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Walks a MIME message and collects its text/plain and text/html parts, decoded. */
function collectParts(raw: string, into: { text: string[]; html: string[] }) {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  if (/^text\/html/i.test(type)) into.html.push(decoded);
  else if (/^text\//i.test(type)) into.text.push(decoded);
}

function parseMail(file: string): ReceivedMail {
  const raw = fs.readFileSync(file, 'utf8');
  const { headers } = splitHeaders(raw);
  const to = (headers.get('x-e2e-rcpt-to') ?? headers.get('to') ?? '')
    .split(',')
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
  const parts = { text: [] as string[], html: [] as string[] };
  collectParts(raw, parts);
  return {
    file,
    to,
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: parts.text.join('\n'),
    html: parts.html.join('\n'),
  };
}

/** Waits until the local SMTP server has received a message for `address`; answers all such, oldest first. */
export async function readMailsTo(address: string, { timeout = 10_000, atLeast = 1 } = {}): Promise<ReceivedMail[]> {
  const wanted = address.toLowerCase();
  const deadline = Date.now() + timeout;
  for (;;) {
    const { mailDir } = slot();
    const files = fs.existsSync(mailDir)
      ? fs
          .readdirSync(mailDir)
          .filter((name) => name.endsWith('.eml'))
          .sort()
      : [];
    const mails = files.map((name) => parseMail(path.join(mailDir, name))).filter((mail) => mail.to.includes(wanted));
    if (mails.length >= atLeast) return mails;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address} arrived within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in a mail whose path is `pathname`. */
export function linkIn(mail: ReceivedMail, pathname: string): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.map((href) => href.replace(/&amp;/g, '&')).find((href) => new URL(href).pathname === pathname);
  if (!link) throw new Error(`No link to ${pathname} in the e-mail "${mail.subject}":\n${mail.text}`);
  return link;
}

/** The first link to `prefix…` in the e-mails to `address` (a booking's confirmation may come first). */
export async function linkInMailTo(address: string, prefix: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = await readMailsTo(address);
    const found = mails.find((mail) => mail.text.includes(prefix));
    if (found)
      return linkIn(found, new URL(new RegExp(`https?://[^\\s"<>]+${prefix}[^\\s"<>]+`).exec(found.text)![0]).pathname);
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address} with a link to ${prefix}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A patient record as POST /api/patients takes it: only the names, everything else empty. */
export function patientPayload(fields: Record<string, unknown> & { firstName: string; lastName: string }) {
  return {
    documentType: null,
    documentNumber: null,
    birthDate: null,
    sex: null,
    phone: '',
    email: '',
    address: '',
    insurerId: null,
    policyNumber: '',
    allergies: '',
    medicalHistory: '',
    notes: '',
    privacyConsent: false,
    privacyConsentChannel: null,
    ...fields,
  };
}
