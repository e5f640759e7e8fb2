import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { screenOf } from './spa-page';

// A build as Vite writes it, with the server renderer beside the client (dist/client, dist/ssr).
const INDEX_HTML =
  '<!doctype html><html lang="es"><head><title>Clínica</title><script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n  </head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime-2.js'], css: ['assets/index-1.css'] },
  'boot.ts': { file: 'assets/boot-3.js', isEntry: true },
  '_runtime-2.js': { file: 'assets/runtime-2.js' },
  'app/layouts/public-layout.tsx': { file: 'assets/public-layout-4.js', imports: ['_Button-5.js'] },
  'app/routes/public/landing.tsx': {
    file: 'assets/landing-6.js',
    imports: ['_Button-5.js'],
    css: ['assets/landing-6.css'],
  },
  'app/routes/public/booking.tsx': { file: 'assets/booking-7.js', imports: ['_Button-5.js'] },
  '_Button-5.js': { file: 'assets/Button-5.js', css: ['assets/Button-5.css'] },
  'app/routes/public/pay-link.tsx': { file: 'assets/public-pay-link-8.js', imports: ['_Button-5.js'] },
  'app/routes/public/online-payment-result.tsx': { file: 'assets/public-online-payment-result-9.js' },
  'app/routes/quote/quote-signing.tsx': { file: 'assets/quote-signing-10.js', imports: ['_Button-5.js'] },
  'app/routes/public/manage-booking.tsx': { file: 'assets/public-manage-booking-11.js', imports: ['_Button-5.js'] },
};
const STYLESHEETS = { 'index-1.css': '.entrada{}', 'landing-6.css': '.portada{}', 'Button-5.css': '.boton{}' };
// The renderer fails on the login page, to show the page still works then.
const RENDERER = `export async function renderPage(url, state) {
  if (url.startsWith('/auth/login') || url.startsWith('/pago/')) throw new Error('no se pudo');
  const link = state.linkAnswer ? '<p>' + state.linkAnswer.status + ' ' + (state.linkAnswer.body.error?.message ?? '') + '</p>' : '';
  const html = '<main><h1>' + (state.clinic?.name ?? 'Clínica') + '</h1><p>' + url + '</p><p>' + (state.session.user ? 'con sesión' : 'visitante') + '</p>' + link + '</main>';
  return { html, title: 'Portada & más <' + url + '>' };
}`;

let root: string;
let t: TestApp;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-ssr-'));
  const clientDir = path.join(root, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.mkdirSync(path.join(root, 'ssr'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  for (const [name, text] of Object.entries(STYLESHEETS)) fs.writeFileSync(path.join(clientDir, 'assets', name), text);
  fs.writeFileSync(path.join(root, 'ssr', 'entry-server.js'), RENDERER);
  t = await buildTestApp({ config: { clientDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The state embedded in a page. */
const embeddedState = (html: string) =>
  JSON.parse(/<script type="application\/json" id="initial-state">(.*?)<\/script>/.exec(html)![1]!);
const appModules = (html: string) =>
  JSON.parse(/<script type="application\/json" id="app-modules">(.*?)<\/script>/.exec(html)![1]!);

describe('public pages rendered by the server', () => {
  it('sends the page drawn, with the rules of its first paint inside and only the loader as script', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<div id="root"><main><h1>[^<]+<\/h1><p>\/<\/p><p>visitante<\/p><\/main><\/div>/);
    // The entry's rules, then each chunk's imports before the chunk: the order they cascade in.
    expect(html).toContain('<style>.entrada{}\n.boton{}\n.portada{}</style>');
    for (const sheet of ['index-1.css', 'Button-5.css', 'landing-6.css']) {
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="/assets/${sheet}" disabled>`);
    }
    expect(html).not.toContain('src="/assets/index-1.js"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-3.js"></script>');
    const modules = JSON.parse(/<script type="application\/json" id="app-modules">(.*?)<\/script>/.exec(html)![1]!);
    // Nothing on the landing needs the app until the visitor acts: it starts on the first sign of it.
    expect(modules).toEqual({
      start: 'intent',
      entry: '/assets/index-1.js',
      before: ['/assets/runtime-2.js'],
      preload: ['/assets/runtime-2.js', '/assets/Button-5.js', '/assets/public-layout-4.js', '/assets/landing-6.js'],
    });
    expect(html).toMatch(/<script type="application\/json" id="initial-state">/);
    // The tab's title as the screen names it, escaped.
    expect(html).toContain('<title>Portada &amp; más &lt;/&gt;</title>');
  });

  it('starts the app after the first paint on a page with a form', async () => {
    const html = (await get('/agendar-cita')).body;
    const modules = JSON.parse(/<script type="application\/json" id="app-modules">(.*?)<\/script>/.exec(html)![1]!);
    expect(modules.start).toBe('paint');
    expect(modules.preload).toContain('/assets/booking-7.js');
  });

  it('renders a page for its path alone: the query string does not reach the renderer', async () => {
    const response = await get('/?utm_source=whatsapp&x=%3Cscript%3E');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p>/</p><p>visitante</p>');
  });

  it("renders a signed-in user's own page", async () => {
    const { cookie } = await t.createUser({ role: 'paciente' });
    const response = await get('/', { cookie });
    expect(response.body).toContain('<p>con sesión</p>');
  });

  it('leaves the other pages to the browser, as built', async () => {
    const response = await get('/admin/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(response.body).not.toContain('<style>');
  });

  it('sends the page to be drawn by the browser when rendering it fails', async () => {
    const response = await get('/auth/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('src="/assets/index-1.js"');
  });

  it("draws a page opened from a link with its read's answer, embedded for the app: here the Spanish refusal", async () => {
    const response = await get('/pagar/no-vale?utm_source=sms');
    // As every address of the app: 200, and the page says the link is not valid.
    expect(response.statusCode).toBe(200);
    const message = 'Este enlace de pago no es válido o ha caducado. Pide uno nuevo a la clínica.';
    expect(response.body).toContain(`<p>/pagar/no-vale</p><p>visitante</p><p>404 ${message}</p>`);
    expect(embeddedState(response.body).linkAnswer).toEqual({
      api: '/api/public/payment-links/no-vale',
      status: 404,
      body: { error: { code: 'NOT_FOUND', message } },
    });
    // Nothing to press on a link that is not valid: the app starts at her first sign of acting, with the screen's chunks.
    const modules = appModules(response.body);
    expect(modules.start).toBe('intent');
    expect(modules.preload).toEqual(expect.arrayContaining(['/assets/public-pay-link-8.js', '/assets/Button-5.js']));
  });

  it("asks each link page's own read, with the token as the router will hand it to the screen", async () => {
    const quote = await get('/presupuesto/abc%2Edef');
    expect(embeddedState(quote.body).linkAnswer).toMatchObject({
      api: '/api/presupuestos/abc.def',
      status: 404,
      body: { error: { message: 'Este enlace de presupuesto no es válido.' } },
    });
    expect(appModules(quote.body).preload).toContain('/assets/quote-signing-10.js');
    // A render that fails still sends the answer it asked, for the app to take (it does not ask again).
    const paid = await get('/pago/7c1f3c5e-0000-4000-8000-000000000000');
    expect(paid.body).toContain('<div id="root"></div>');
    expect(embeddedState(paid.body).linkAnswer).toMatchObject({ status: 404 });
    expect(paid.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/public-online-payment-result-9.js">',
    );
  });

  it('starts the app after the first paint when the page has something to do, on her first touch when it is read', () => {
    const startOn = (path: string, status: number, body: unknown) =>
      screenOf(path)!.startOn!({ api: screenOf(path)!.read!, status, body });
    const link = { pendingCents: 3500, available: true };
    expect(startOn('/pagar/t', 200, link)).toBe('paint');
    expect(startOn('/pagar/t', 200, { ...link, pendingCents: 0 })).toBe('intent');
    expect(startOn('/pagar/t', 200, { ...link, available: false })).toBe('intent');
    expect(startOn('/pagar/t', 404, { error: { code: 'NOT_FOUND' } })).toBe('intent');
    expect(startOn('/pago/p', 200, { state: 'pendiente' })).toBe('paint');
    expect(startOn('/pago/p', 200, { state: 'recibido' })).toBe('intent');
    expect(startOn('/presupuesto/q', 200, { state: 'enviado' })).toBe('paint');
    expect(startOn('/presupuesto/q', 200, { state: 'aceptado' })).toBe('intent');
    // Without an answer (the read not asked), after the first paint.
    expect(screenOf('/pagar/t')!.start).toBe('paint');
  });

  it('draws no link page for an address that is none: nothing asked, nothing rendered', async () => {
    for (const url of ['/pagar/', '/pagar/a/b']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(embeddedState(response.body).linkAnswer).toBeUndefined();
    }
    // Fastify refuses a malformed escape before any page; the lookup refuses it too.
    expect(screenOf('/presupuesto/%E0%A4%A')).toBeUndefined();
    expect(screenOf('/presupuesto/abc%2Edef')?.read).toBe('/api/presupuestos/abc.def');
  });

  it("names the chunks of a link's page the browser draws in the page itself, as the entry does not list them", async () => {
    const response = await get('/cita/un-token');
    expect(response.body).toContain('<div id="root"></div>');
    for (const file of ['Button-5.js', 'public-layout-4.js', 'public-manage-booking-11.js']) {
      expect(response.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    }
    expect(embeddedState(response.body).linkAnswer).toBeUndefined();
  });
});
