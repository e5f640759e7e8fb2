import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

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
};
const STYLESHEETS = { 'index-1.css': '.entrada{}', 'landing-6.css': '.portada{}', 'Button-5.css': '.boton{}' };
// The renderer fails on the login page, to show the page still works then.
const RENDERER = `export async function renderPage(url, state) {
  if (url.startsWith('/auth/login')) throw new Error('no se pudo');
  const html = '<main><h1>' + (state.clinic?.name ?? 'Clínica') + '</h1><p>' + url + '</p><p>' + (state.session.user ? 'con sesión' : 'visitante') + '</p></main>';
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
});
