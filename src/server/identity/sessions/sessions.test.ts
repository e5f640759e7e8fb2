import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { sessions } from '../../platform/db/schema';
import { withAuditEntries } from '../../test/audit';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';

/** «Sesiones abiertas» (issue 21, item 3): listing and ending one's own sessions, and an admin's «end them all». */
const START = '2026-03-02T09:00:00+01:00';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let t: TestApp;
let admin: { id: string; email: string; cookie: string };

beforeAll(async () => {
  clock.freeze(START);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin', displayName: 'Marta Admin' });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
afterEach(() => {
  clock.freeze(START);
});

/** Signs in from a browser and an address of our choosing; answers the session cookie. */
async function signInFrom(email: string, userAgent: string, remoteAddress: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieOf(response);
}

const list = (cookie: string, remoteAddress?: string) =>
  t.request({ method: 'GET', url: '/api/me/sessions', cookie, ...(remoteAddress ? { remoteAddress } : {}) });
const status = async (cookie: string) => (await t.request({ method: 'GET', url: '/api/profile', cookie })).statusCode;

describe('«Sesiones abiertas»', () => {
  it('lists the account’s open sessions — device, browser, approximate place, started, last active — this one first and marked', async () => {
    const doctor = await t.createUser({ role: 'doctor', displayName: 'Dra. Sesiones' });
    const office = await signInFrom(doctor.email, WINDOWS_CHROME, '203.0.113.45');
    clock.advance(5 * 60_000);
    const phone = await signInFrom(doctor.email, IPHONE, '192.168.1.20');
    clock.advance(2 * 60_000);

    const response = await list(office, '203.0.113.45');
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      id: expect.any(String),
      device: 'Ordenador con Windows',
      browser: 'Chrome 131',
      place: 'Red 203.0.113.x',
      createdAt: '2026-03-02T08:00:00.000Z',
      lastSeenAt: '2026-03-02T08:07:00.000Z',
      current: true,
    });
    expect(items[1]).toMatchObject({
      device: 'iPhone con iOS 17',
      browser: 'Safari 17',
      place: 'Red local',
      createdAt: '2026-03-02T08:05:00.000Z',
      current: false,
    });
    // The session createUser opened (the test's own client, on this machine).
    expect(items[2]).toMatchObject({
      device: 'Dispositivo desconocido',
      browser: 'Navegador desconocido',
      place: 'Red local',
    });
    // Nothing of the session's secret (its token or the token's hash) leaves the server.
    const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.handle, items[1].id));
    expect(response.body).not.toContain(stored!.id);
    expect(response.body).not.toContain(phone.split('=')[1]);
    // Each account sees only its own.
    const others = (await list(admin.cookie)).json().items;
    expect(others.map((item: { id: string }) => item.id)).not.toContain(items[1].id);
  });

  it('«Cerrar» ends one session of one’s own: its next request is 401; another account’s session cannot be closed (404)', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const other = await t.createUser({ role: 'paciente' });
    const phone = await signInFrom(doctor.email, IPHONE, '192.168.1.20');
    const phoneId = (await list(phone)).json().items[0].id;
    const othersId = (await list(other.cookie)).json().items[0].id;

    const foreign = await t.request({ method: 'DELETE', url: `/api/me/sessions/${othersId}`, cookie: doctor.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Esa sesión ya no está abierta.');
    expect(await status(other.cookie)).toBe(200);

    const closed = await t.request({ method: 'DELETE', url: `/api/me/sessions/${phoneId}`, cookie: doctor.cookie });
    expect(closed.statusCode).toBe(204);
    expect(closed.cookies.find((cookie) => cookie.name === 'clinica_session')).toBeUndefined();
    expect(await status(phone)).toBe(401);
    expect(await status(doctor.cookie)).toBe(200);
    const again = await t.request({ method: 'DELETE', url: `/api/me/sessions/${phoneId}`, cookie: doctor.cookie });
    expect(again.statusCode).toBe(404);
  });

  it('closing this very session signs out here (the cookie is cleared)', async () => {
    const paciente = await t.createUser({ role: 'paciente' });
    const id = (await list(paciente.cookie)).json().items[0].id;
    const closed = await t.request({ method: 'DELETE', url: `/api/me/sessions/${id}`, cookie: paciente.cookie });
    expect(closed.statusCode).toBe(204);
    expect(closed.cookies.find((cookie) => cookie.name === 'clinica_session')?.value).toBe('');
    expect(await status(paciente.cookie)).toBe(401);
  });

  it('«Cerrar las demás» ends every other session of the account and keeps this one', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const office = await signInFrom(doctor.email, WINDOWS_CHROME, '203.0.113.45');
    const phone = await signInFrom(doctor.email, IPHONE, '192.168.1.20');
    const bystander = await t.createUser({ role: 'doctor' });

    const response = await t.request({ method: 'POST', url: '/api/me/sessions/end-others', cookie: office });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect(await status(office)).toBe(200);
    expect(await status(phone)).toBe(401);
    expect(await status(doctor.cookie)).toBe(401);
    expect(await status(bystander.cookie)).toBe(200);
    expect((await list(office)).json().items).toHaveLength(1);
  });

  it('an admin ends every session of a user on demand (audited); the user signs in again; others may not', async () => {
    const doctor = await t.createUser({ role: 'doctor', displayName: 'Dra. Perdió el Móvil' });
    const phone = await signInFrom(doctor.email, IPHONE, '192.168.1.20');

    const refused = await t.request({
      method: 'DELETE',
      url: `/api/users/${admin.id}/sessions`,
      cookie: doctor.cookie,
    });
    expect(refused.statusCode).toBe(403);
    expect(await status(admin.cookie)).toBe(200);

    const { response, entries } = await withAuditEntries(t, {
      method: 'DELETE',
      url: `/api/users/${doctor.id}/sessions`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect(await status(doctor.cookie)).toBe(401);
    expect(await status(phone)).toBe(401);
    expect(await status(admin.cookie)).toBe(200);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'delete',
        entity: 'account',
        entityId: doctor.id,
        details: { sessionsEnded: 2 },
      }),
    ]);
    // The account is still active: she signs in again.
    await signInFrom(doctor.email, IPHONE, '192.168.1.20');

    const unknown = await t.request({
      method: 'DELETE',
      url: '/api/users/00000000-0000-4000-8000-000000000000/sessions',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Usuario no encontrado');
  });
});

describe('the last request of a session («Última actividad»)', () => {
  const storedOf = async (cookie: string) => {
    const [handle] = (await list(cookie)).json().items.map((item: { id: string }) => item.id);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.handle, handle));
    return row!;
  };

  it('is written at most once a minute per session, with the address it came from', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const session = await signInFrom(doctor.email, WINDOWS_CHROME, '203.0.113.45');
    const created = await storedOf(session);
    expect(created.lastSeenAt.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(created.ip).toBe('203.0.113.45');

    const get = (remoteAddress: string) =>
      t.request({ method: 'GET', url: '/api/auth/session', cookie: session, remoteAddress });
    clock.advance(30_000);
    for (let i = 0; i < 20; i++) await get('198.51.100.7');
    expect((await storedOf(session)).lastSeenAt.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect((await storedOf(session)).ip).toBe('203.0.113.45');

    clock.advance(30_000);
    await get('198.51.100.7');
    const seen = await storedOf(session);
    expect(seen.lastSeenAt.toISOString()).toBe('2026-03-02T08:01:00.000Z');
    expect(seen.ip).toBe('198.51.100.7');
    const other = (await list(doctor.cookie)).json().items.find((item: { current: boolean }) => !item.current);
    expect(other).toMatchObject({ lastSeenAt: '2026-03-02T08:01:00.000Z', place: 'Red 198.51.100.x' });
  });
});
