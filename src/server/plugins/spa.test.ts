import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';

const INDEX_HTML =
  '<!doctype html><html lang="es"><head><title>Clínica (prueba)</title></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const APP_JS = 'console.log("aplicación de prueba");';

let clientDir: string;
let t: TestApp;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-spa-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), APP_JS);
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A secret next to the client dir must never be reachable through it.
  fs.writeFileSync(path.join(path.dirname(clientDir), `${path.basename(clientDir)}-secreto.txt`), 'secreto');
  t = await buildTestApp({ config: { clientDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(path.join(path.dirname(clientDir), `${path.basename(clientDir)}-secreto.txt`), { force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function expectIndex(response: Awaited<ReturnType<typeof get>>, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toBe(INDEX_HTML);
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

  it('answers a non-GET request to a page with a JSON 404', async () => {
    const response = await t.request({ method: 'POST', url: '/admin/pacientes', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
