import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { hashPassword } from '../../identity/auth/passwords';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor } from '../../test/fixtures';

let t: TestApp;
let adminCookie: string;
// Monday 4 March 2030, 10:00 in Madrid: sessions and "today" both live on this clock.
beforeAll(async () => {
  clock.freeze('2030-03-04T09:00:00Z');
  t = await buildTestApp();
  adminCookie = (await t.createUser({ role: 'admin' })).cookie;
});
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

async function signedInDoctor(overrides: Record<string, unknown> = {}) {
  const doctor = await createDoctor(t, adminCookie, overrides);
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { ...doctor, cookie: await t.signIn(doctor.email) };
}

describe('the doctor’s own professional card', () => {
  it('shows her card with weekly hours and only the absences not over yet', async () => {
    const doctor = await signedInDoctor({
      schedule: [
        { weekday: 1, start: '09:00', end: '14:00' },
        { weekday: 1, start: '16:00', end: '19:00' },
        { weekday: 3, start: '10:00', end: '13:00' },
      ],
      color: '#2f9e44',
      appointmentMinutes: 20,
    });
    await t.write((tx) =>
      t.deps.repos.doctors.addAbsence(
        doctor.id,
        {
          startDate: '2030-02-10',
          endDate: '2030-02-12',
          reason: 'Pasada',
        },
        tx,
      ),
    );
    await t.write((tx) =>
      t.deps.repos.doctors.addAbsence(
        doctor.id,
        {
          startDate: '2030-03-02',
          endDate: '2030-03-04',
          reason: 'Acaba hoy',
        },
        tx,
      ),
    );
    await t.write((tx) =>
      t.deps.repos.doctors.addAbsence(
        doctor.id,
        {
          startDate: '2030-04-01',
          endDate: '2030-04-03',
          reason: 'Congreso',
        },
        tx,
      ),
    );

    const response = await t.request({ method: 'GET', url: '/api/me/doctor', cookie: doctor.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json();
    expect(card).toMatchObject({ color: '#2f9e44', appointmentMinutes: 20, bio: '' });
    expect(card.licenseNumber).toMatch(/^28/);
    expect(card.schedule).toEqual([
      { weekday: 1, start: '09:00', end: '14:00' },
      { weekday: 1, start: '16:00', end: '19:00' },
      { weekday: 3, start: '10:00', end: '13:00' },
    ]);
    expect(card.upcomingAbsences.map((absence: { reason: string }) => absence.reason)).toEqual([
      'Acaba hoy',
      'Congreso',
    ]);
  });

  it('she edits her own bio, which the public booking shows; no other doctor changes', async () => {
    const doctor = await signedInDoctor();
    const colleague = await signedInDoctor();
    const bio = 'Especialista en medicina de familia con quince años de experiencia.';
    const response = await t.request({
      method: 'PATCH',
      url: '/api/me/doctor',
      cookie: doctor.cookie,
      payload: { bio: `  ${bio}  ` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().bio).toBe(bio);
    expect((await t.deps.repos.doctors.findById(doctor.id))?.bio).toBe(bio);
    expect((await t.deps.repos.doctors.findById(colleague.id))?.bio).toBe('');

    const options = await t.request({ method: 'GET', url: '/api/public/booking-options' });
    const shown = options.json().doctors.find((listed: { id: string }) => listed.id === doctor.id);
    expect(shown.bio).toBe(bio);
    const adminView = await t.request({ method: 'GET', url: `/api/doctors/${doctor.id}`, cookie: adminCookie });
    expect(adminView.json().bio).toBe(bio);
  });

  it('only the bio may be sent, and not longer than 1500 characters (400 in Spanish)', async () => {
    const doctor = await signedInDoctor();
    const tooLong = await t.request({
      method: 'PATCH',
      url: '/api/me/doctor',
      cookie: doctor.cookie,
      payload: { bio: 'a'.repeat(1501) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.bio).toBe('La presentación no puede superar los 1500 caracteres');
    const other = await t.request({
      method: 'PATCH',
      url: '/api/me/doctor',
      cookie: doctor.cookie,
      payload: { bio: 'Hola', color: '#000000' },
    });
    expect(other.statusCode).toBe(400);
    expect(await t.deps.repos.doctors.findById(doctor.id)).toMatchObject({ bio: '', color: '#1c7ed6' });
  });

  it('an admin or a paciente gets 403; a visitor 401', async () => {
    const paciente = await t.createUser({ role: 'paciente' });
    for (const cookie of [adminCookie, paciente.cookie]) {
      expect((await t.request({ method: 'GET', url: '/api/me/doctor', cookie })).statusCode).toBe(403);
      expect(
        (await t.request({ method: 'PATCH', url: '/api/me/doctor', cookie, payload: { bio: 'Intruso' } })).statusCode,
      ).toBe(403);
    }
    expect((await t.request({ method: 'PATCH', url: '/api/me/doctor', payload: { bio: 'Intruso' } })).statusCode).toBe(
      401,
    );
  });
});
