import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/messages';
import { clock } from '../../platform/clock';
import { sessions } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';

/**
 * A desk that locks itself (issue 21, item 4): a staff session ends after the clinic's idle time without
 * the person's input (`POST /api/me/activity`); background requests do not keep it open; patients keep the
 * 7-day session. Each rule is checked just before and just after its limit.
 */
const START = '2026-03-02T09:00:00+01:00';
const MINUTE = 60_000;

let t: TestApp;
let admin: { id: string; email: string; cookie: string };

beforeAll(async () => {
  clock.freeze(START);
  t = await buildTestApp({ idleLock: true });
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
afterEach(async () => {
  clock.freeze(START);
  // Sessions of earlier tests may have ended: a fresh one for the admin, at the start.
  admin.cookie = await t.signIn(admin.email);
  await t.request({ method: 'PATCH', url: '/api/settings', cookie: admin.cookie, payload: { staffIdleMinutes: 30 } });
});

const at = (minutes: number, seconds = 0) =>
  clock.freeze(new Date(Date.parse(START) + minutes * MINUTE + seconds * 1000));
const tasks = (cookie: string) => t.request({ method: 'GET', url: '/api/tasks', cookie });
const activity = (cookie: string, method: 'GET' | 'POST' = 'GET') =>
  t.request({ method, url: '/api/me/activity', cookie });

describe('the idle lock', () => {
  it('a doctor’s session lives 29:59 without input and ends at 30:00: 401 SESSION_IDLE in Spanish, the row deleted, then plain 401', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    at(29, 59);
    const before = await activity(doctor.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ idleTimeoutSeconds: 1800, remainingSeconds: 1 });
    expect((await tasks(doctor.cookie)).statusCode).toBe(200);

    at(30);
    const after = await tasks(doctor.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({ code: 'SESSION_IDLE', message: ERROR_CODES.SESSION_IDLE });
    expect(after.headers['x-session-ended']).toBe('idle');
    expect(after.cookies.find((cookie) => cookie.name === 'clinica_session')?.value).toBe('');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.accountId, doctor.id))).toEqual([]);
    const next = await tasks(doctor.cookie);
    expect(next.json().error.code).toBe('NOT_AUTHENTICATED');
  });

  it('background requests (the session refresh, a screen’s lists, the idle clock’s own reading) do not count as activity', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    for (const minute of [5, 10, 15, 20, 25, 29]) {
      at(minute);
      expect(
        (await t.request({ method: 'GET', url: '/api/auth/session', cookie: doctor.cookie })).json().user,
      ).not.toBeNull();
      expect((await tasks(doctor.cookie)).statusCode).toBe(200);
      expect((await activity(doctor.cookie)).statusCode).toBe(200);
    }
    at(30);
    // The session refresh is public: it answers «signed out», and the header says why.
    const refresh = await t.request({ method: 'GET', url: '/api/auth/session', cookie: doctor.cookie });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toEqual({ user: null, profile: null });
    expect(refresh.headers['x-session-ended']).toBe('idle');
    expect((await tasks(doctor.cookie)).statusCode).toBe(401);
  });

  it('the person’s input (the keep-alive) starts the clock again: 20 min of input keeps it to 49:59, not 50:00', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    at(20);
    const kept = await activity(doctor.cookie, 'POST');
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ idleTimeoutSeconds: 1800, remainingSeconds: 1800 });
    at(30);
    expect((await activity(doctor.cookie)).json().remainingSeconds).toBe(20 * 60);
    at(49, 59);
    expect((await tasks(doctor.cookie)).statusCode).toBe(200);
    at(50);
    expect((await tasks(doctor.cookie)).json().error.code).toBe('SESSION_IDLE');
    // Too late for the keep-alive too.
    expect((await activity(doctor.cookie, 'POST')).statusCode).toBe(401);
  });

  it('a paciente keeps the 7-day session: alive after 30 minutes, a day and six days without input; no idle clock', async () => {
    const paciente = await t.createUser({ role: 'paciente' });
    const profile = () => t.request({ method: 'GET', url: '/api/profile', cookie: paciente.cookie });
    at(30);
    expect((await profile()).statusCode).toBe(200);
    expect((await activity(paciente.cookie)).json()).toEqual({ idleTimeoutSeconds: null, remainingSeconds: null });
    at(24 * 60 + 30);
    expect((await profile()).statusCode).toBe(200);
    at(7 * 24 * 60 + 24 * 60);
    // Renewed by the day-old use (sliding), it lives on: 7 days from that use.
    expect((await profile()).statusCode).toBe(200);
  });

  it('follows the clinic’s setting: at 2 minutes an admin’s session ends at 2:00, not 1:59', async () => {
    const settings = await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { staffIdleMinutes: 2 },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().staffIdleMinutes).toBe(2);
    const other = await t.createUser({ role: 'admin' });
    at(1, 59);
    expect((await t.request({ method: 'GET', url: '/api/users', cookie: other.cookie })).statusCode).toBe(200);
    at(2);
    expect((await t.request({ method: 'GET', url: '/api/users', cookie: other.cookie })).json().error.code).toBe(
      'SESSION_IDLE',
    );
  });

  it('a keep-alive counts from the input it tells of: input at 0:10 told at 1:00 ends the session at 2:10, not 3:00', async () => {
    await t.request({ method: 'PATCH', url: '/api/settings', cookie: admin.cookie, payload: { staffIdleMinutes: 2 } });
    const doctor = await t.createUser({ role: 'doctor' });
    const keepAlive = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/me/activity', cookie: doctor.cookie, payload });
    at(1);
    const told = await keepAlive({ idleMs: 50_000 });
    expect(told.statusCode).toBe(200);
    expect(told.json()).toEqual({ idleTimeoutSeconds: 120, remainingSeconds: 70 });
    // A late keep-alive of another tab, of an input before the one told, does not take the clock back.
    expect((await keepAlive({ idleMs: 60_000 })).json().remainingSeconds).toBe(70);
    // Nonsense is refused in Spanish, and changes nothing.
    const wrong = await keepAlive({ idleMs: 3_600_000 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('La última acción no puede ser de hace más de un minuto');
    expect((await keepAlive({ idleMs: 'ayer' })).statusCode).toBe(400);
    at(2, 9);
    expect((await tasks(doctor.cookie)).statusCode).toBe(200);
    at(2, 10);
    expect((await tasks(doctor.cookie)).json().error.code).toBe('SESSION_IDLE');
  });

  it('the setting has sensible bounds (2 to 480 minutes), refused in Spanish', async () => {
    const patch = (staffIdleMinutes: unknown) =>
      t.request({ method: 'PATCH', url: '/api/settings', cookie: admin.cookie, payload: { staffIdleMinutes } });
    const low = await patch(1);
    expect(low.statusCode).toBe(400);
    expect(low.json().error.fields.staffIdleMinutes).toBe('Cierre por inactividad: no puede ser menor que 2 minutos');
    const high = await patch(481);
    expect(high.json().error.fields.staffIdleMinutes).toBe(
      'Cierre por inactividad: no puede ser mayor que 480 minutos',
    );
    expect((await patch(480)).statusCode).toBe(200);
    const read = await t.request({ method: 'GET', url: '/api/settings', cookie: admin.cookie });
    expect(read.json().staffIdleMinutes).toBe(480);
  });

  it('a staff session idle on another device is no longer listed as open, nor kept by the sweep', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const desk = await t.signIn(doctor.email);
    at(20);
    await activity(desk, 'POST');
    at(31);
    const listed = await t.request({ method: 'GET', url: '/api/me/sessions', cookie: desk });
    expect(listed.json().items).toHaveLength(1);
    expect(listed.json().items[0].current).toBe(true);
    await t.write((tx) => t.deps.repos.sessions.sweep(clock.now(), new Date(clock.nowMs() - 30 * MINUTE), tx));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.accountId, doctor.id))).toHaveLength(1);
  });

  it('ending an idle session also ends the live stream the desk left open', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const stream = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { cookie: doctor.cookie } });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    await reader.read();
    at(30);
    expect((await tasks(doctor.cookie)).json().error.code).toBe('SESSION_IDLE');
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  });
});
