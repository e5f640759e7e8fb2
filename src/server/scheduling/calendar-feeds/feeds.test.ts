import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { auditLog } from '../../platform/db/schema';
import { hashPassword } from '../../identity/auth/passwords';
import { buildTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment, validPatient } from '../../test/fixtures';

const MONDAY_9 = '2026-03-02T09:00:00+01:00';
const madrid = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`);

let t: TestApp;
let admin: { id: string; cookie: string };
let doctorA: { id: string; cookie: string };
let doctorB: { id: string; cookie: string };
const ids: Record<string, string> = {};

async function staffDoctor(displayName: string) {
  const doctor = await createDoctor(t, admin.cookie, { displayName });
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { id: doctor.id, cookie: await t.signIn(doctor.email) };
}

beforeAll(async () => {
  clock.freeze(MONDAY_9);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctorA = await staffDoctor('Dra. Ana Feed');
  doctorB = await staffDoctor('Dr. Blas Feed');
  const patient = (
    await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: admin.cookie,
      payload: validPatient({
        firstName: 'María José',
        lastName: 'García López',
        documentType: null,
        documentNumber: null,
      }),
    })
  ).json();
  const book = async (doctorId: string, startsAt: Date, status?: 'cancelada') =>
    (await insertAppointment(t, { patientId: patient.id, doctorId, startsAt, status })).id;
  ids.tomorrow = await book(doctorA.id, madrid('2026-03-03', '10:00'));
  ids.cancelled = await book(doctorA.id, madrid('2026-03-03', '11:00'), 'cancelada');
  ids.lastMonth = await book(doctorA.id, madrid('2026-02-10', '10:00')); // 20 days back: inside the window
  ids.tooOld = await book(doctorA.id, madrid('2026-01-10', '10:00')); // 51 days back: outside
  ids.otherDoctor = await book(doctorB.id, madrid('2026-03-04', '09:30'));
  await t.database.db.execute(`UPDATE appointments SET reason = 'Motivo clínico secreto'`);
  const tomorrow = ids.tomorrow;
  await t.write((tx) => t.deps.repos.confirmations.record(tomorrow, 'confirmed', clock.now(), tx));
});
afterAll(async () => {
  clock.freeze(null);
  await t.close();
});

const createFeed = async (cookie: string) => {
  const response = await t.request({ method: 'POST', url: '/api/me/calendar-feed', cookie });
  expect(response.statusCode).toBe(201);
  return response.json().url as string;
};
const fetchFeed = (url: string) => t.request({ method: 'GET', url: url.slice(TEST_ORIGIN.length) });
function events(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
    };
  });
}

describe('calendar feeds', () => {
  it('a doctor’s feed is valid iCalendar with their appointments only, initials by default, no reason, no cancelled ones', async () => {
    const url = await createFeed(doctorA.cookie);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar-feeds\/[\w-]{43}\.ics$/);
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).toContain('\r\nX-WR-CALNAME:Clínica · Dra. Ana Feed\r\n');
    const list = events(response.body);
    expect(list.map((event) => event.uid).sort()).toEqual(
      [`${ids.lastMonth}@clinica`, `${ids.tomorrow}@clinica`].sort(),
    );
    const tomorrow = list.find((event) => event.uid === `${ids.tomorrow}@clinica`)!;
    expect(tomorrow.summary).toBe('M. J. G. L.');
    expect(tomorrow.start).toBe('2026-03-03T09:00:00.000Z');
    expect(tomorrow.description).toContain('Confirmada por el paciente');
    expect(response.body).not.toContain('Motivo clínico secreto');
    expect(response.body).not.toContain('García');
  });

  it('shows full names when the clinic chooses so; the admin’s feed is the whole clinic’s, with the doctor', async () => {
    const patched = await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { feedPatientDisplay: 'full_name' },
    });
    expect(patched.json().feedPatientDisplay).toBe('full_name');
    const list = events((await fetchFeed(await createFeed(admin.cookie))).body);
    expect(list.map((event) => event.uid).sort()).toEqual(
      [ids.lastMonth, ids.otherDoctor, ids.tomorrow].map((id) => `${id}@clinica`).sort(),
    );
    expect(list.find((event) => event.uid === `${ids.otherDoctor}@clinica`)!.summary).toBe(
      'María José García López · Dr. Blas Feed',
    );
    await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { feedPatientDisplay: 'initials' },
    });
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/api/settings',
          cookie: admin.cookie,
          payload: { feedPatientDisplay: 'todo' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('revoking makes a new URL and the old one answers 404; creation and revocation are audited', async () => {
    const old = await createFeed(doctorB.cookie);
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const status = await t.request({ method: 'GET', url: '/api/me/calendar-feed', cookie: doctorB.cookie });
    expect(status.json()).toEqual({
      scope: 'doctor',
      createdAt: '2026-03-02T08:00:00.000Z',
      patientDisplay: 'initials',
    });
    const renewed = await createFeed(doctorB.cookie);
    expect(renewed).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Este enlace de calendario no existe o ha sido revocado.');
    expect(events((await fetchFeed(renewed)).body).map((event) => event.uid)).toEqual([`${ids.otherDoctor}@clinica`]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'calendar_feed'), eq(auditLog.entityId, doctorB.id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses a malformed file (400), an unknown token (404), and pacientes (403)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/calendar-feeds/corto.ics' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/calendar-feeds/${'a'.repeat(43)}.ics` })).statusCode).toBe(404);
    const paciente = await t.createUser({ role: 'paciente' });
    expect(
      (await t.request({ method: 'POST', url: '/api/me/calendar-feed', cookie: paciente.cookie })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/me/calendar-feed' })).statusCode).toBe(401);
  });

  it('a feed dies with its owner’s access: disabled or demoted, and an admin can revoke anyone’s (audited)', async () => {
    const otherAdmin = await t.createUser({ role: 'admin' });
    const demoted = await createFeed(otherAdmin.cookie);
    expect((await fetchFeed(demoted)).statusCode).toBe(200);
    const patch = (id: string, payload: object) =>
      t.request({ method: 'PATCH', url: `/api/users/${id}`, cookie: admin.cookie, payload });
    expect((await patch(otherAdmin.id, { role: 'paciente' })).statusCode).toBe(200);
    expect((await fetchFeed(demoted)).statusCode).toBe(404);
    // Made admin again, the old URL stays dead: the feed was revoked with the demotion.
    expect((await patch(otherAdmin.id, { role: 'admin' })).statusCode).toBe(200);
    expect((await fetchFeed(demoted)).statusCode).toBe(404);

    const thirdAdmin = await t.createUser({ role: 'admin' });
    const disabled = await createFeed(thirdAdmin.cookie);
    expect((await patch(thirdAdmin.id, { active: false })).statusCode).toBe(200);
    expect((await fetchFeed(disabled)).statusCode).toBe(404);

    // A feed whose owner lost the role by other means (no revocation) is dead as well.
    const doctorFeed = await createFeed(doctorA.cookie);
    await t.database.db.execute(`UPDATE profiles SET role = 'paciente' WHERE id = '${doctorA.id}'`);
    expect((await fetchFeed(doctorFeed)).statusCode).toBe(404);
    await t.database.db.execute(`UPDATE profiles SET role = 'doctor' WHERE id = '${doctorA.id}'`);
    expect((await fetchFeed(doctorFeed)).statusCode).toBe(200);

    const user = await t.request({ method: 'GET', url: `/api/users/${doctorA.id}`, cookie: admin.cookie });
    expect(user.json().calendarFeedCreatedAt).toBe('2026-03-02T08:00:00.000Z');
    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/users/${doctorA.id}/calendar-feed`,
      cookie: admin.cookie,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await fetchFeed(doctorFeed)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/users/${doctorA.id}`, cookie: admin.cookie })).json()
        .calendarFeedCreatedAt,
    ).toBeNull();
    const again = await t.request({
      method: 'DELETE',
      url: `/api/users/${doctorA.id}/calendar-feed`,
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Este usuario no tiene un enlace de calendario.');
    expect(
      (await t.request({ method: 'DELETE', url: `/api/users/${doctorB.id}/calendar-feed`, cookie: doctorA.cookie }))
        .statusCode,
    ).toBe(403);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'calendar_feed'), eq(auditLog.entityId, doctorA.id), eq(auditLog.action, 'delete')),
      );
    expect(audit).toHaveLength(1);
  });
});
