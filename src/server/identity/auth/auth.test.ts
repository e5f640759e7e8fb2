import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ERROR_CODES } from '../../../common/messages';
import { clock } from '../../platform/clock';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signUp = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/auth/sign-up', payload });

describe('sign-up', () => {
  it('creates a paciente with the full profile and signs in', async () => {
    const response = await signUp({
      email: 'Nueva.Paciente@Prueba.test',
      password: TEST_PASSWORD,
      displayName: 'Ana Pérez',
      phone: '+34 600 111 222',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ email: 'nueva.paciente@prueba.test', displayName: 'Ana Pérez' });
    expect(body.profile).toMatchObject({
      id: body.user.id,
      email: 'nueva.paciente@prueba.test',
      role: 'paciente',
      displayName: 'Ana Pérez',
      photoURL: '',
      phone: '+34 600 111 222',
    });
    expect(Date.parse(body.profile.createdAt)).not.toBeNaN();
    expect(body.profile.updatedAt).toBe(body.profile.createdAt);

    const session = await t.request({ method: 'GET', url: '/api/auth/session', cookie: sessionCookieOf(response) });
    expect(session.json().profile.role).toBe('paciente');
  });

  it('never lets the public form choose a role', async () => {
    const response = await signUp({
      email: 'x@prueba.test',
      password: TEST_PASSWORD,
      displayName: 'Equis',
      role: 'admin',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
    expect(await t.deps.repos.auth.findAccountByEmail('x@prueba.test')).toBeUndefined();
  });

  it('answers the catalogue text for an e-mail in use, whatever its case', async () => {
    await signUp({ email: 'dup@prueba.test', password: TEST_PASSWORD, displayName: 'Uno' });
    const response = await signUp({ email: 'DUP@prueba.test', password: TEST_PASSWORD, displayName: 'Dos' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.signUpEmailInUse);
  });

  it('refuses short and common passwords in Spanish', async () => {
    const short = await signUp({ email: 'p1@prueba.test', password: 'corta', displayName: 'Pe' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe('La contraseña debe tener al menos 8 caracteres');
    const common = await signUp({ email: 'p2@prueba.test', password: 'contraseña123', displayName: 'Pe' });
    expect(common.json().error.fields.password).toMatch(/demasiado común/);
  });

  it('stores an argon2id hash, never the password', async () => {
    await signUp({ email: 'hash@prueba.test', password: TEST_PASSWORD, displayName: 'Hash' });
    const account = await t.deps.repos.auth.findAccountByEmail('hash@prueba.test');
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(account?.passwordHash).not.toContain(TEST_PASSWORD);
  });
});

describe('sign-in', () => {
  it('answers «Usuario no encontrado» for an unknown e-mail', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'nadie@prueba.test', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Usuario no encontrado');
  });

  it('answers «Contraseña incorrecta» for a wrong password', async () => {
    const user = await t.createUser({});
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: 'otra-clave-distinta' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Contraseña incorrecta');
  });

  it('sets an HttpOnly, SameSite=Lax cookie holding a token whose hash is stored', async () => {
    const user = await t.createUser({});
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = response.cookies.find((c) => c.name === 'clinica_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    const { hashToken } = await import('./tokens');
    expect(await t.deps.repos.auth.findSession(cookie.value)).toBeUndefined();
    expect(await t.deps.repos.auth.findSession(hashToken(cookie.value))).toBeDefined();
  });

  it('marks the cookie Secure behind https', async () => {
    const user = await t.createUser({});
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'http://localhost:3000', 'x-forwarded-proto': 'https' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    // Without TRUST_PROXY the forwarded protocol is ignored: a spoofed header must not change anything.
    expect(response.cookies.find((c) => c.name === 'clinica_session')!.secure).toBeFalsy();
  });

  it('creates the missing profile as paciente from the account on first sign-in', async () => {
    const repo = t.deps.repos.auth;
    const { hashPassword } = await import('./passwords');
    const account = await t.write(async (tx) =>
      repo.createAccount(
        {
          email: 'sinperfil@prueba.test',
          passwordHash: await hashPassword(TEST_PASSWORD),
        },
        tx,
      ),
    );
    await t.write((tx) =>
      repo.updateAccount(account.id, { displayName: 'Sin Perfil', photoUrl: 'https://fotos.test/a.png' }, tx),
    );
    expect(await repo.findProfile(account.id)).toBeUndefined();

    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'sinperfil@prueba.test', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      id: account.id,
      role: 'paciente',
      email: 'sinperfil@prueba.test',
      displayName: 'Sin Perfil',
      photoURL: 'https://fotos.test/a.png',
    });
  });

  it('refuses a disabled account and ends its sessions', async () => {
    const user = await t.createUser({});
    await t.write((tx) => t.deps.repos.auth.updateAccount(user.id, { active: false }, tx));
    const session = await t.request({ method: 'GET', url: '/api/auth/session', cookie: user.cookie });
    expect(session.json()).toEqual({ user: null, profile: null });
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(ERROR_CODES.ACCOUNT_DISABLED);
  });
});

describe('sign-in throttling', () => {
  it('blocks an account after 5 failures with a Spanish message, even with the right password', async () => {
    const user = await t.createUser({});
    for (let i = 0; i < 5; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: `mala-clave-${i}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(ERROR_CODES.TOO_MANY_ATTEMPTS);
  });

  it("the lockout's 429 says how long is left (Retry-After and the message) and ends when it says", async () => {
    clock.freeze('2026-03-02T09:00:00+01:00');
    try {
      const user = await t.createUser({});
      const signIn = (password: string) =>
        t.request({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password } });
      for (let i = 0; i < 5; i++) expect((await signIn(`mala-clave-${i}`)).statusCode).toBe(401);
      const locked = await signIn(TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('900');
      clock.advance(10 * 60_000 + 30_000);
      const later = await signIn(TEST_PASSWORD);
      expect(later.headers['retry-after']).toBe('270');
      expect(later.json().error.message).toBe(
        'Demasiados intentos fallidos. Espera 5 minutos antes de volver a intentarlo o restablece tu contraseña.',
      );
      clock.advance(270_000);
      expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      clock.freeze(null);
    }
  });

  it('blocks an address that tries many accounts', async () => {
    const attempt = (i: number) =>
      t.request({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '203.0.113.9',
        payload: { email: `probando${i}@prueba.test`, password: 'cualquier-cosa' },
      });
    for (let i = 0; i < 30; i++) expect((await attempt(i)).statusCode).toBe(404);
    const blocked = await attempt(99);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/Demasiados intentos/);
  });
});

describe('sessions', () => {
  it('reports no user without a cookie, and with a forged one', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({
      user: null,
      profile: null,
    });
    const forged = await t.request({ method: 'GET', url: '/api/auth/session', cookie: 'clinica_session=inventado' });
    expect(forged.json()).toEqual({ user: null, profile: null });
  });

  it('sign-out deletes the session on the server', async () => {
    const user = await t.createUser({});
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: user.cookie });
    expect(out.statusCode).toBe(204);
    const after = await t.request({ method: 'GET', url: '/api/auth/session', cookie: user.cookie });
    expect(after.json().user).toBeNull();
  });

  it('an expired session counts as signed out and is removed', async () => {
    const user = await t.createUser({});
    const { hashToken } = await import('./tokens');
    const id = hashToken(user.cookie.split('=')[1]!);
    await t.write((tx) => t.deps.repos.auth.extendSession(id, new Date(Date.now() - 1000), tx));
    const after = await t.request({ method: 'GET', url: '/api/auth/session', cookie: user.cookie });
    expect(after.json().user).toBeNull();
    expect(await t.deps.repos.auth.findSession(id)).toBeUndefined();
  });

  it('slides the expiry forward when a session is used', async () => {
    const user = await t.createUser({});
    const { hashToken } = await import('./tokens');
    const id = hashToken(user.cookie.split('=')[1]!);
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await t.write((tx) => t.deps.repos.auth.extendSession(id, soon, tx));
    const response = await t.request({ method: 'GET', url: '/api/auth/session', cookie: user.cookie });
    expect(response.json().user).not.toBeNull();
    const session = await t.deps.repos.auth.findSession(id);
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    expect(response.cookies.find((c) => c.name === 'clinica_session')).toBeDefined();
  });
});

describe('profile', () => {
  it('answers «No hay usuario autenticado» without a session', async () => {
    const response = await t.request({ method: 'PATCH', url: '/api/profile', payload: { displayName: 'Nadie' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('No hay usuario autenticado');
  });

  it('merges the changed fields, refreshes updatedAt and copies non-empty name and photo to the account', async () => {
    const user = await t.createUser({ displayName: 'Nombre Original' });
    const before = (await t.request({ method: 'GET', url: '/api/profile', cookie: user.cookie })).json();
    // A later moment by the server's clock, not by sleeping.
    clock.advance(1_000);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/profile',
      cookie: user.cookie,
      payload: { phone: '+34 611 222 333' },
    });
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after).toMatchObject({ displayName: 'Nombre Original', phone: '+34 611 222 333', role: 'paciente' });
    expect(after.createdAt).toBe(before.createdAt);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

    await t.request({
      method: 'PATCH',
      url: '/api/profile',
      cookie: user.cookie,
      payload: { displayName: 'Nombre Nuevo', photoURL: '' },
    });
    const account = await t.deps.repos.auth.findAccountById(user.id);
    expect(account).toMatchObject({ displayName: 'Nombre Nuevo', photoUrl: '' });
    const profile = await t.deps.repos.auth.findProfile(user.id);
    expect(profile).toMatchObject({ displayName: 'Nombre Nuevo', phone: '+34 611 222 333' });
    // The session check answers the account and profile as they are now (read with the session itself).
    const session = (await t.request({ method: 'GET', url: '/api/auth/session', cookie: user.cookie })).json();
    expect(session.user).toEqual({ id: user.id, email: account!.email, displayName: 'Nombre Nuevo', photoURL: '' });
    expect(session.profile).toMatchObject({
      id: user.id,
      role: 'paciente',
      displayName: 'Nombre Nuevo',
      phone: '+34 611 222 333',
      updatedAt: profile!.updatedAt.toISOString(),
    });
  });

  it('keeps the account photo when the profile photo is cleared', async () => {
    const user = await t.createUser({});
    await t.request({
      method: 'PATCH',
      url: '/api/profile',
      cookie: user.cookie,
      payload: { photoURL: '/api/images/6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b' },
    });
    await t.request({ method: 'PATCH', url: '/api/profile', cookie: user.cookie, payload: { photoURL: '' } });
    expect((await t.deps.repos.auth.findAccountById(user.id))!.photoUrl).toBe(
      '/api/images/6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
    );
    expect((await t.deps.repos.auth.findProfile(user.id))!.photoUrl).toBe('');
  });

  it("takes a photo only from the clinic's own images, never another site's address", async () => {
    const user = await t.createUser({});
    const patch = (photoURL: string) =>
      t.request({ method: 'PATCH', url: '/api/profile', cookie: user.cookie, payload: { photoURL } });
    for (const foreign of [
      '//evil.example/x.png',
      'https://evil.example/x.png',
      '/\\evil.example/x.png',
      'javascript:alert(1)',
      '/api/images/../auth/session',
    ]) {
      const response = await patch(foreign);
      expect(response.statusCode, foreign).toBe(400);
      expect(response.json().error.fields.photoURL).toBe('La foto debe ser una imagen subida a la clínica');
    }
    expect((await t.deps.repos.auth.findProfile(user.id))!.photoUrl).toBe('');
    expect((await patch('/api/images/6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b')).statusCode).toBe(200);
    expect((await t.deps.repos.auth.findProfile(user.id))!.photoUrl).toBe(
      '/api/images/6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
    );
  });

  it('does not let a user change their own role', async () => {
    const user = await t.createUser({});
    const response = await t.request({
      method: 'PATCH',
      url: '/api/profile',
      cookie: user.cookie,
      payload: { role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect((await t.deps.repos.auth.findProfile(user.id))!.role).toBe('paciente');
  });
});
