import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor } from '../../test/fixtures';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie = admin.cookie) =>
  t.request({ method: 'POST', url, payload: payload as object, cookie });

describe('specialties', () => {
  it('are a managed list: create, rename, refuse duplicates, refuse deleting one in use', async () => {
    const created = await post('/api/specialties', { name: 'Dermatología' });
    expect(created.statusCode).toBe(201);
    const duplicate = await post('/api/specialties', { name: 'dermatología' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('Ya existe una especialidad con ese nombre');
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/specialties/${created.json().id}`,
      cookie: admin.cookie,
      payload: { name: 'Dermatología clínica' },
    });
    expect(renamed.json().name).toBe('Dermatología clínica');

    await createDoctor(t, admin.cookie, { specialtyId: created.json().id });
    const inUse = await t.request({
      method: 'DELETE',
      url: `/api/specialties/${created.json().id}`,
      cookie: admin.cookie,
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toMatch(/hay 1 doctor/);

    const unused = await post('/api/specialties', { name: 'Podología' });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/specialties/${unused.json().id}`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(204);
  });
});

describe('doctors', () => {
  it('creates the account with role doctor, a split schedule, and e-mails an invitation that sets the password', async () => {
    const specialty = await post('/api/specialties', { name: 'Traumatología' });
    t.mailer.sent.length = 0;
    const response = await post('/api/doctors', {
      email: 'nuevo.doctor@prueba.test',
      displayName: 'Dr. Andrés Ruiz',
      phone: '+34 600 000 111',
      specialtyId: specialty.json().id,
      licenseNumber: '282812345',
      bio: 'Traumatólogo deportivo.',
      photoUrl: '',
      color: '#e8590c',
      appointmentMinutes: 20,
      active: true,
      schedule: [
        { weekday: 1, start: '09:00', end: '14:00' },
        { weekday: 1, start: '16:00', end: '19:00' },
        { weekday: 3, start: '10:00', end: '13:00' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const doctor = response.json();
    expect(doctor).toMatchObject({
      displayName: 'Dr. Andrés Ruiz',
      specialty: 'Traumatología',
      active: true,
      appointmentMinutes: 20,
    });
    expect(doctor.schedule).toEqual([
      { weekday: 1, start: '09:00', end: '14:00' },
      { weekday: 1, start: '16:00', end: '19:00' },
      { weekday: 3, start: '10:00', end: '13:00' },
    ]);
    expect(doctor.nextFreeSlot).toEqual(expect.any(String));
    expect((await t.deps.repos.auth.findProfile(doctor.id))?.role).toBe('doctor');

    await t.deliverMail();
    const mail = t.mailer.sent.find((message) => message.to === 'nuevo.doctor@prueba.test')!;
    expect(mail.subject).toMatch(/Tu cuenta en/);
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const confirmed = await post('/api/auth/password-reset/confirm', { token, password: TEST_PASSWORD }, '');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().profile.role).toBe('doctor');
  });

  it('refuses intervals that overlap or end before they start, in Spanish', async () => {
    const { id } = await createDoctor(t, admin.cookie);
    const overlapping = await t.request({
      method: 'PUT',
      url: `/api/doctors/${id}/schedule`,
      cookie: admin.cookie,
      payload: {
        schedule: [
          { weekday: 2, start: '09:00', end: '14:00' },
          { weekday: 2, start: '13:00', end: '15:00' },
        ],
      },
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().error.message).toBe('Martes: los tramos 09:00–14:00 y 13:00–15:00 se solapan');
    const backwards = await t.request({
      method: 'PUT',
      url: `/api/doctors/${id}/schedule`,
      cookie: admin.cookie,
      payload: { schedule: [{ weekday: 4, start: '18:00', end: '10:00' }] },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('Jueves: el tramo 18:00–10:00 termina antes de empezar');
    const bad = await t.request({
      method: 'PUT',
      url: `/api/doctors/${id}/schedule`,
      cookie: admin.cookie,
      payload: { schedule: [{ weekday: 4, start: '25:00', end: '26:00' }] },
    });
    expect(bad.json().error.message).toBe('Escribe la hora como HH:MM (p. ej. 09:30)');
    const doctor = await t.request({ method: 'GET', url: `/api/doctors/${id}`, cookie: admin.cookie });
    expect(doctor.json().schedule).toHaveLength(5);
  });

  it('adds and removes absences; an absence in the past ends before it starts is refused', async () => {
    const { id } = await createDoctor(t, admin.cookie);
    const added = await post(`/api/doctors/${id}/absences`, {
      startDate: '2027-08-01',
      endDate: '2027-08-15',
      reason: 'Vacaciones',
    });
    expect(added.statusCode).toBe(201);
    const absence = added.json().absences[0];
    expect(absence).toMatchObject({ startDate: '2027-08-01', endDate: '2027-08-15', reason: 'Vacaciones' });
    const backwards = await post(`/api/doctors/${id}/absences`, {
      startDate: '2027-08-15',
      endDate: '2027-08-01',
      reason: 'Error',
    });
    expect(backwards.json().error.message).toBe('La ausencia termina antes de empezar');
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/doctors/${id}/absences/${absence.id}`,
      cookie: admin.cookie,
    });
    expect(removed.json().absences).toEqual([]);
  });

  it('an absence covering the whole horizon leaves no next free slot', async () => {
    const { id } = await createDoctor(t, admin.cookie);
    const today = clock.now().toISOString().slice(0, 10);
    const added = await post(`/api/doctors/${id}/absences`, {
      startDate: today,
      endDate: '2099-12-31',
      reason: 'Excedencia',
    });
    expect(added.json().nextFreeSlot).toBeNull();
  });

  it('deactivates a doctor, who leaves the public list but keeps the record', async () => {
    const { id } = await createDoctor(t, admin.cookie);
    const response = await t.request({
      method: 'PATCH',
      url: `/api/doctors/${id}`,
      cookie: admin.cookie,
      payload: { active: false, displayName: 'Dra. Baja' },
    });
    expect(response.json()).toMatchObject({ active: false, displayName: 'Dra. Baja', nextFreeSlot: null });
    const landing = await t.request({ method: 'GET', url: '/api/public/clinic' });
    expect(landing.json().doctors.map((d: { id: string }) => d.id)).not.toContain(id);
    const all = await t.request({ method: 'GET', url: '/api/doctors?includeInactive=true', cookie: admin.cookie });
    expect(all.json().map((d: { id: string }) => d.id)).toContain(id);
    const active = await t.request({ method: 'GET', url: '/api/doctors', cookie: admin.cookie });
    expect(active.json().map((d: { id: string }) => d.id)).not.toContain(id);
  });

  it('refuses an e-mail in use and an unknown specialty', async () => {
    const { email, specialtyId } = await createDoctor(t, admin.cookie);
    const again = await post('/api/doctors', {
      email,
      displayName: 'Otro',
      phone: '',
      specialtyId,
      licenseNumber: '1234',
      bio: '',
      photoUrl: '',
      color: '#000000',
      appointmentMinutes: 30,
      active: true,
      schedule: [],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('El correo electrónico ya está en uso');
    const unknown = await post('/api/doctors', {
      email: 'x1@prueba.test',
      displayName: 'Otro',
      phone: '',
      specialtyId: '00000000-0000-4000-8000-000000000000',
      licenseNumber: '1234',
      bio: '',
      photoUrl: '',
      color: '#000000',
      appointmentMinutes: 30,
      active: true,
      schedule: [],
    });
    expect(unknown.json().error.fields.specialtyId).toBe('Elige una especialidad de la lista');
  });

  it("takes a photo only from the clinic's own images", async () => {
    const { id } = await createDoctor(t, admin.cookie);
    const foreign = await t.request({
      method: 'PATCH',
      url: `/api/doctors/${id}`,
      cookie: admin.cookie,
      payload: { photoUrl: '//evil.example/x.png' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.photoUrl).toBe('La foto debe ser una imagen subida a la clínica');
  });

  it('only admins manage doctors', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const patient = await t.createUser({ role: 'paciente' });
    for (const cookie of [doctor.cookie, patient.cookie]) {
      expect((await t.request({ method: 'GET', url: '/api/doctors', cookie })).statusCode).toBe(403);
      expect((await post('/api/specialties', { name: 'Intrusa' }, cookie)).statusCode).toBe(403);
    }
  });
});
