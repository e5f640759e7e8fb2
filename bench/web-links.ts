/**
 * The addresses of the public pages a patient opens from a message (issue 36), made on the demo clinic the way she
 * gets them: a payment link the desk sends by e-mail (read from the `.eml` the server writes to `DATA_DIR/outbox`
 * without SMTP); the page Redsys sends her back to, after paying through another link (its payment recorded by a
 * notification signed with the demo's test key, as the bank's) and after a payment the bank has not answered yet;
 * and the link of the demo paciente's quote waiting for his signature. For `bench/web.ts`, which measures them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, onlinePaymentApi, quoteApi } from '../src/common/api-paths';
import type { RedsysForm } from '../src/common/schemas/online-payments';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo';
import { DEMO_AUTHORISATION, redsysAuthorises } from '../src/server/seed/online-payment';

/**
 * The pages' names in `--pages`, each made into an address by `linkPages`. The return from paying twice: paid (the
 * bank's notification came first: the page is only read) and still waiting for it (the page asks again every 2 s).
 */
export const LINK_PAGES = ['/pagar/:token', '/pago/:id', '/pago/:id (pendiente)', '/presupuesto/:token'] as const;
export type LinkPage = (typeof LINK_PAGES)[number];

const demoEmail = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;

/** A signed-in client of the app's API: its cookie, and the Origin every change carries. */
async function signIn(base: string, email: string) {
  const response = await fetch(`${base}${api.auth.signIn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${email}: inicio de sesión ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return async <T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const answer = await fetch(`${base}${url}`, {
      method: init.method ?? 'GET',
      headers: {
        cookie,
        origin: base,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
}

/** The `/pagar/…` links in the e-mails written to the outbox. */
function payLinksInOutbox(dataDir: string): Set<string> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return new Set();
  const links = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    // Quoted-printable: soft line breaks joined, `=3D` read as `=`; a token is base64url, untouched by it.
    const text = fs
      .readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    for (const match of text.matchAll(/https?:\/\/[^\s"<>]+(\/pagar\/[\w-]+)/g)) links.add(match[1]!);
  }
  return links;
}

/** Sends a payment link for one of the invoices waiting to be paid and answers its path, from her e-mail. */
async function sendPayLink(dataDir: string, admin: Awaited<ReturnType<typeof signIn>>, invoiceId: string) {
  const before = payLinksInOutbox(dataDir);
  await admin(onlinePaymentApi.invoicePaymentLink(invoiceId), { method: 'POST', body: { channel: 'email' } });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const fresh = [...payLinksInOutbox(dataDir)].find((link) => !before.has(link));
    if (fresh) return fresh;
    await sleep(250);
  }
  throw new Error('El correo con el enlace de pago no llegó a la bandeja de salida');
}

/** Starts a payment by card through a payment link (`/pagar/…`): the form the browser would post to Redsys. */
async function startPayment(base: string, payLink: string): Promise<RedsysForm> {
  const started = await fetch(`${base}${onlinePaymentApi.paymentLinkPay(payLink.slice('/pagar/'.length))}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ method: 'tarjeta' }),
  });
  if (!started.ok) throw new Error(`Pago por el enlace: ${started.status} ${await started.text()}`);
  return (await started.json()) as RedsysForm;
}

/** Where Redsys sends the browser back after a payment (`/pago/…`), from its form. */
function returnPathOf(form: RedsysForm): string {
  const asked = JSON.parse(Buffer.from(form.fields.Ds_MerchantParameters, 'base64').toString('utf8')) as {
    DS_MERCHANT_URLOK: string;
  };
  return new URL(asked.DS_MERCHANT_URLOK).pathname;
}

/** Makes the addresses on the demo clinic served at `base` (its data directory `dataDir`). */
export async function linkPages(base: string, dataDir: string): Promise<Record<LinkPage, string>> {
  const admin = await signIn(base, demoEmail('admin'));
  const { invoices } = await admin<{ invoices: { id: string; patientName: string; outstandingCents: number }[] }>(
    `${api.invoices}?collection=por_cobrar`,
  );
  // The demo paciente's invoices: he has an e-mail, and two of his wait to be paid on any day the demo is made.
  const paciente = DEMO_ACCOUNTS.find((account) => account.role === 'paciente')!;
  const payable = invoices.filter((row) => row.patientName === paciente.displayName && row.outstandingCents > 0);
  if (payable.length < 2) throw new Error('La demo no tiene dos facturas del paciente por cobrar');

  const payLink = await sendPayLink(dataDir, admin, payable[0]!.id);

  // A payment started through the first link, the bank not heard from; another invoice paid through its own link:
  // the form Redsys would get, then the bank's notification.
  const pending = await startPayment(base, payLink);
  const paidLink = await sendPayLink(dataDir, admin, payable[1]!.id);
  const form = await startPayment(base, paidLink);
  const clinic = (await (await fetch(`${base}${api.public.clinic}`)).json()) as { timeZone: string };
  const notification = redsysAuthorises(form.fields, DEMO_AUTHORISATION, clinic.timeZone);
  const notified = await fetch(`${base}${onlinePaymentApi.redsysNotification}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...notification }).toString(),
  });
  if (!notified.ok) throw new Error(`Notificación de Redsys: ${notified.status} ${await notified.text()}`);

  // The demo paciente's quote waiting for his signature, through «Mis presupuestos»' fresh link.
  const patient = await signIn(base, paciente.email);
  const quotes = await patient<{ id: string; state: string }[]>(quoteApi.quotes);
  const waiting = quotes.find((quote) => quote.state === 'enviado');
  if (!waiting) throw new Error('La demo no tiene un presupuesto enviado');
  const { url } = await patient<{ url: string }>(quoteApi.link(waiting.id), { method: 'POST' });

  return {
    '/pagar/:token': payLink,
    '/pago/:id': returnPathOf(form),
    '/pago/:id (pendiente)': returnPathOf(pending),
    '/presupuesto/:token': new URL(url).pathname,
  };
}
