import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

const INDEX_HTML = `<!doctype html><html lang="es"><head><title>Clínica (prueba)</title><!--${'relleno '.repeat(200)}--></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>`;
const APP_JS = 'console.log("aplicación de prueba");';
/** What the build writes: the file and its brotli and gzip copies (different content, to tell them apart). */
const BIG_JS = `console.log("${'x'.repeat(4000)}");`;
const MANIFEST = {
  'index.html': { file: 'assets/app-abc123.js', isEntry: true },
  'app/layouts/public-layout.tsx': { file: 'assets/public-layout-1.js', imports: ['index.html', '_Button-2.js'] },
  'app/routes/public/landing.tsx': {
    file: 'assets/landing-3.js',
    imports: ['_Button-2.js'],
    css: ['assets/landing-3.css'],
  },
  '_Button-2.js': { file: 'assets/Button-2.js' },
};

let clientDir: string;
let t: TestApp;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-spa-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), APP_JS);
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'big-1.js'), BIG_JS);
  fs.writeFileSync(path.join(clientDir, 'assets', 'big-1.js.br'), zlib.brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(clientDir, 'assets', 'big-1.js.gz'), zlib.gzipSync(BIG_JS));
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  // A secret next to the client dir must never be reachable through it.
  fs.writeFileSync(path.join(path.dirname(clientDir), `${path.basename(clientDir)}-secreto.txt`), 'secreto');
  t = await buildTestApp({ config: { clientDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(path.join(path.dirname(clientDir), `${path.basename(clientDir)}-secreto.txt`), { force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The state embedded in a page, or null. */
function embeddedState(html: string) {
  const match = /<script type="application\/json" id="initial-state">(.*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

function expectIndex(response: Awaited<ReturnType<typeof get>>, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('private, no-cache');
  expect(response.body.startsWith('<!doctype html><html lang="es"><head><title>Clínica (prueba)</title>')).toBe(true);
  expect(response.body).toContain('<div id="root"></div><script type="module" src="/assets/app-abc123.js"></script>');
}

describe('single-page app serving', () => {
  it('answers a client route with index.html, never cached', async () => {
    expectIndex(await get('/admin/pacientes/123'), 200);
    expectIndex(await get('/'), 200);
    expectIndex(await get('/auth/nueva-contrasena?token=abc'), 200);
    expectIndex(await get('/doctor'), 200);
  });

  it('sends the security headers with the page', async () => {
    const response = await get('/admin/dashboard');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets cached for a year', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(APP_JS);
  });

  it('serves other files of the build without a long cache', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown page with 404 and still the app, which shows its not-found page', async () => {
    expectIndex(await get('/no-existe'), 404);
    expectIndex(await get('/admin/algo-que-no-existe'), 404);
    // A role area's path with an extra segment is not a route either.
    expectIndex(await get('/pacientes/perfil/extra'), 404);
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const response = await get('/assets/app-viejo.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it('does not serve files outside the client directory', async () => {
    for (const url of [
      `/../${path.basename(clientDir)}-secreto.txt`,
      `/assets/../../${path.basename(clientDir)}-secreto.txt`,
      `/%2e%2e/${path.basename(clientDir)}-secreto.txt`,
    ]) {
      const response = await get(url);
      expect(response.body, url).not.toBe('secreto');
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });

  it('keeps API paths JSON: an unknown one is a JSON 404, not the app', async () => {
    for (const url of ['/api/nope', '/api', '/api/admin/pacientes/123']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } });
    }
  });

  it('embeds the session and the clinic public data in the page, so the first render is final', async () => {
    const visitor = embeddedState((await get('/')).body);
    expect(visitor.session).toEqual({ user: null, profile: null });
    expect(visitor.clinic.name).toEqual(expect.any(String));
    expect(visitor.clinic.doctors).toEqual(expect.any(Array));

    const { cookie, email } = await t.createUser({ email: 'spa-paciente@example.com', displayName: 'Ana Página' });
    const signedIn = embeddedState((await get('/pacientes/citas', { cookie })).body);
    expect(signedIn.session.profile).toMatchObject({ email, role: 'paciente', displayName: 'Ana Página' });
  });

  it('says in the page when serving it ended the session: staff without a second factor the clinic now requires', async () => {
    const staff = await t.createUser({ role: 'doctor', email: 'spa-doctora@example.com' });
    await t.write((tx) => t.deps.repos.clinic.updateSettings({ requireSecondFactorForStaff: true }, tx));
    try {
      const page = await get('/doctor/dashboard', { cookie: staff.cookie });
      const state = embeddedState(page.body);
      expect(state.session).toEqual({ user: null, profile: null });
      expect(state.sessionEnded).toBe('second-factor');
      // A visitor's page says nothing of the kind.
      expect(embeddedState((await get('/')).body).sessionEnded).toBeUndefined();
    } finally {
      await t.write((tx) => t.deps.repos.clinic.updateSettings({ requireSecondFactorForStaff: false }, tx));
    }
  });

  it('embeds the booking options on the booking page only', async () => {
    const booking = embeddedState((await get('/agendar-cita')).body);
    expect(booking.bookingOptions).toMatchObject({ specialties: expect.any(Array), timeZone: expect.any(String) });
    expect(embeddedState((await get('/')).body).bookingOptions).toBeUndefined();
  });

  it('writes the embedded data so that no text in it can close the script element', async () => {
    const { cookie } = await t.createUser({
      email: 'spa-raro@example.com',
      displayName: '</script><script>alert(1)</script>',
    });
    const html = (await get('/', { cookie })).body;
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(embeddedState(html).session.profile.displayName).toBe('</script><script>alert(1)</script>');
  });

  it("preloads a public page's screen and its stylesheets with the page, and nothing on other pages", async () => {
    const home = (await get('/')).body;
    for (const file of ['public-layout-1.js', 'landing-3.js', 'Button-2.js']) {
      expect(home).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    }
    expect(home).toContain('<link rel="preload" as="style" crossorigin href="/assets/landing-3.css">');
    expect(home.match(/modulepreload/g)).toHaveLength(3);
    expect((await get('/admin/dashboard')).body).not.toContain('modulepreload');
  });

  it('sends the precompressed copy of an asset the client accepts, saying so', async () => {
    const brotli = await get('/assets/big-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_JS);

    const gzip = await get('/assets/big-1.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BIG_JS);

    const plain = await get('/assets/big-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('compresses the page for clients that accept it, and API answers over 1 kB only', async () => {
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('id="initial-state"');
    const gzipped = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');

    const small = await get('/api/auth/session', { 'accept-encoding': 'br' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const admin = await t.createUser({ email: 'spa-admin@example.com', role: 'admin' });
    const openingHours = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'].flatMap((day) => [
      { days: day, hours: '08:00–14:00 (consultas de medicina general y pediatría)' },
      { days: `${day} tarde`, hours: '16:00–20:00 (especialidades con cita previa)' },
    ]);
    const patched = await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { openingHours },
    });
    expect(patched.statusCode).toBe(200);
    const settings = (headers: Record<string, string>) => get('/api/settings', { cookie: admin.cookie, ...headers });
    const plain = await settings({});
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const compressed = await settings({ 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers a non-GET request to a page with a JSON 404', async () => {
    const response = await t.request({ method: 'POST', url: '/admin/pacientes', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
