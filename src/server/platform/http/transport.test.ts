import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../common/api-paths';
import { clock } from '../clock';
import { createAccountWithProfile } from '../../identity/auth/accounts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';

/**
 * Behind a TLS-terminating proxy that TRUST_PROXY names (127.0.0.1: where `inject` comes from), a request
 * with `X-Forwarded-Proto: https` is over HTTPS; the same app answers plain HTTP as in local development.
 */
const SITE = 'https://citas.example';
const HSTS = 'max-age=31536000; includeSubDomains';

let clientDir: string;
let t: TestApp;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-transport-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Clínica</title></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ config: { trustProxy: ['127.0.0.1'], publicUrl: SITE, clientDir } });
});
beforeEach(() => clock.freeze('2026-03-02T09:00:00+01:00'));
afterEach(() => clock.freeze(null));
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** Through the proxy, over HTTPS (the proxy appends the client's address and the protocol it was reached by). */
const overHttps = (options: InjectOptions & { cookie?: string }, peer = '127.0.0.1') => {
  const { cookie, headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    remoteAddress: peer,
    headers: {
      host: 'citas.example',
      origin: SITE,
      'x-forwarded-for': '198.51.100.30',
      'x-forwarded-proto': 'https',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  });
};
/** Plain HTTP, as `npm start` on http://localhost:3000 (its Origin is the host it was sent to). */
const overHttp = (options: InjectOptions & { cookie?: string }) => {
  const { cookie, headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}), ...headers },
  });
};

let users = 0;
/** An account made in the database (the test app's own helper signs in from another origin). */
async function newUser() {
  const email = `transporte${++users}@prueba.test`;
  await createAccountWithProfile(t.database.db, t.deps.repos.auth, {
    email,
    password: TEST_PASSWORD,
    displayName: `Transporte ${users}`,
    role: 'paciente',
  });
  return { email };
}

const signIn = (via: typeof overHttp, email: string) =>
  via({ method: 'POST', url: api.auth.signIn, payload: { email, password: TEST_PASSWORD } });
const setCookies = (response: LightMyRequestResponse) => [response.headers['set-cookie'] ?? []].flat();

describe('over HTTPS behind a trusted proxy', () => {
  it('the session cookie is __Host-clinica_session: Secure, Path=/, no Domain; HSTS is sent', async () => {
    const user = await newUser();
    const response = await signIn(overHttps, user.email);
    expect(response.statusCode, response.body).toBe(200);
    const [cookie] = setCookies(response);
    expect(setCookies(response)).toHaveLength(1);
    expect(cookie).toMatch(/^__Host-clinica_session=[\w-]+; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(response.headers['strict-transport-security']).toBe(HSTS);

    // That cookie signs the next requests in; the plain name is not read over HTTPS, and goes.
    const token = /^__Host-clinica_session=([\w-]+)/.exec(cookie!)![1]!;
    const session = await overHttps({
      method: 'GET',
      url: api.auth.session,
      cookie: `__Host-clinica_session=${token}`,
    });
    expect(session.json().user.email).toBe(user.email);
    expect(session.headers['strict-transport-security']).toBe(HSTS);
    const plain = await overHttps({ method: 'GET', url: api.auth.session, cookie: `clinica_session=${token}` });
    expect(plain.json()).toEqual({ user: null, profile: null });
    expect(setCookies(plain)).toEqual([
      expect.stringMatching(/^clinica_session=; Max-Age=0; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/),
    ]);

    // The page embeds the same session (its own request to the API goes the way this one came).
    const page = await overHttps({ method: 'GET', url: '/pacientes/citas', cookie: `__Host-clinica_session=${token}` });
    expect(page.headers['strict-transport-security']).toBe(HSTS);
    expect(page.body).toContain(`"email":"${user.email}"`);

    // Signing out clears the cookie of that name, with the same attributes.
    const out = await overHttps({ method: 'POST', url: api.auth.signOut, cookie: `__Host-clinica_session=${token}` });
    expect(out.statusCode).toBe(204);
    expect(setCookies(out)).toEqual([
      expect.stringMatching(
        /^__Host-clinica_session=; Max-Age=0; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
      ),
    ]);
  });

  it('HSTS is on every answer over HTTPS — errors and pages too — and never over plain HTTP', async () => {
    for (const url of ['/api/no-existe', '/api/patients', '/agendar-cita', '/assets/no-existe.js']) {
      expect((await overHttps({ method: 'GET', url })).headers['strict-transport-security'], url).toBe(HSTS);
      expect((await overHttp({ method: 'GET', url })).headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('a state-changing request over HTTPS must come from the https origin: the same host over http is refused', async () => {
    const user = await newUser();
    const from = (origin: string) =>
      overHttps({
        method: 'POST',
        url: api.auth.signIn,
        headers: { origin },
        payload: { email: user.email, password: TEST_PASSWORD },
      });
    expect((await from(SITE)).statusCode).toBe(200);
    const downgraded = await from('http://citas.example');
    expect(downgraded.statusCode).toBe(403);
    expect(downgraded.json().error.code).toBe('BAD_ORIGIN');
  });
});

describe('what does not make a request HTTPS', () => {
  it('plain HTTP keeps the plain cookie without Secure and no HSTS; a __Host- cookie is not read there', async () => {
    const user = await newUser();
    const response = await signIn(overHttp, user.email);
    expect(response.statusCode, response.body).toBe(200);
    expect(setCookies(response)).toEqual([
      expect.stringMatching(/^clinica_session=[\w-]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const token = /^clinica_session=([\w-]+)/.exec(setCookies(response)[0]!)![1]!;
    expect(
      (await overHttp({ method: 'GET', url: api.auth.session, cookie: `clinica_session=${token}` })).json().user.email,
    ).toBe(user.email);
    const prefixed = await overHttp({
      method: 'GET',
      url: api.auth.session,
      cookie: `__Host-clinica_session=${token}`,
    });
    expect(prefixed.json()).toEqual({ user: null, profile: null });
  });

  it('X-Forwarded-Proto from a peer TRUST_PROXY does not name is ignored', async () => {
    const user = await newUser();
    const response = await overHttps(
      {
        method: 'POST',
        url: api.auth.signIn,
        headers: { origin: 'http://citas.example' },
        payload: { email: user.email, password: TEST_PASSWORD },
      },
      '203.0.113.40',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(setCookies(response)).toEqual([expect.stringMatching(/^clinica_session=[\w-]+;/)]);
    expect(setCookies(response)[0]).not.toMatch(/Secure/);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
