import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstFreeColor } from '../../../common/doctor-colors';
import { clock } from '../../platform/clock';
import { sessions } from '../../platform/db/schema';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';

let t: TestApp;
let admin: { id: string; email: string; cookie: string };

beforeAll(async () => {
  clock.freeze('2026-03-02T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin', displayName: 'Marta Admin', email: 'marta@prueba.test' });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
afterEach(() => {
  t.mailer.sent.length = 0;
});

const patch = (id: string, payload: unknown, cookie = admin.cookie) =>
  t.request({ method: 'PATCH', url: `/api/users/${id}`, cookie, payload: payload as object });
const invite = (payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: '/api/users', cookie, payload });
const tokenIn = async (email: string) => {
  await t.deliverMail();
  const mail = t.mailer.sent.filter((message) => message.to === email).at(-1)!;
  return /token=([\w-]+)/.exec(mail.text)![1]!;
};

describe('users', () => {
  it('lists every account with role, state and last sign-in; searches and filters', async () => {
    const list = await t.request({ method: 'GET', url: '/api/users?q=marta', cookie: admin.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        email: 'marta@prueba.test',
        role: 'admin',
        state: 'activo',
        lastSignInAt: '2026-03-02T08:00:00.000Z',
      }),
    ]);
    await t.createUser({ role: 'paciente', displayName: 'Pablo Paciente' });
    await t.createUser({ role: 'doctor', displayName: 'Dra. Lucía Pérez', email: 'lperez@prueba.test' });
    const accents = await t.request({ method: 'GET', url: '/api/users?q=LUCIA%20perez', cookie: admin.cookie });
    expect(accents.json().items.map((user: { email: string }) => user.email)).toEqual(['lperez@prueba.test']);
    const pacientes = await t.request({ method: 'GET', url: '/api/users?role=paciente', cookie: admin.cookie });
    expect(pacientes.json().items.map((user: { displayName: string }) => user.displayName)).toContain('Pablo Paciente');
    expect(pacientes.json().items.every((user: { role: string }) => user.role === 'paciente')).toBe(true);
    const paged = await t.request({ method: 'GET', url: '/api/users?pageSize=1&page=2', cookie: admin.cookie });
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(paged.json().items).toHaveLength(1);
  });

  it('invites a doctor with her specialty and nº de colegiado: active, in a colour no doctor uses; pending until the password is set from the e-mail’s link', async () => {
    const specialty = await t.request({
      method: 'POST',
      url: '/api/specialties',
      cookie: admin.cookie,
      payload: { name: 'Pediatría' },
    });
    // Without a specialty or a nº de colegiado the invitation is refused, in Spanish.
    const bare = await invite({ email: 'sin.datos@prueba.test', displayName: 'Dra. Sin Datos', role: 'doctor' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({
      specialtyId: 'Elige una especialidad',
      licenseNumber: 'Escribe el nº de colegiado',
    });
    const unknown = await invite({
      email: 'sin.datos@prueba.test',
      displayName: 'Dra. Sin Datos',
      role: 'doctor',
      specialtyId: '00000000-0000-4000-8000-000000000000',
      licenseNumber: '28281234',
    });
    expect(unknown.json().error.fields).toEqual({ specialtyId: 'Elige una especialidad de la lista' });

    const taken = (
      await t.request({ method: 'GET', url: '/api/doctors?includeInactive=true', cookie: admin.cookie })
    ).json() as { color: string }[];
    const created = await invite({
      email: 'Nueva.Doctora@prueba.test',
      displayName: 'Dra. Nueva',
      role: 'doctor',
      specialtyId: specialty.json().id,
      licenseNumber: '28281234',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'nueva.doctora@prueba.test',
      role: 'doctor',
      state: 'invitacion_pendiente',
      doctorProfileIncomplete: false,
    });
    const pending = await t.request({
      method: 'GET',
      url: '/api/users?state=invitacion_pendiente',
      cookie: admin.cookie,
    });
    expect(pending.json().items.map((user: { id: string }) => user.id)).toContain(created.json().id);
    // Her professional row: the specialty and number given, active, and the first colour of the palette
    // no doctor uses (the other doctor of this clinic has the first one).
    const doctor = await t.request({ method: 'GET', url: `/api/doctors/${created.json().id}`, cookie: admin.cookie });
    expect(doctor.json()).toMatchObject({
      active: true,
      licenseNumber: '28281234',
      specialty: 'Pediatría',
      color: firstFreeColor(taken.map((row) => row.color)),
    });
    expect(taken.map((row) => row.color)).not.toContain(doctor.json().color);
    // A second one takes the next free colour, and a colour chosen in the form is kept.
    const second = await invite({
      email: 'otra@prueba.test',
      displayName: 'Dr. Otro',
      role: 'doctor',
      specialtyId: specialty.json().id,
      licenseNumber: '28285678',
    });
    const secondColor = (
      await t.request({ method: 'GET', url: `/api/doctors/${second.json().id}`, cookie: admin.cookie })
    ).json().color;
    expect(secondColor).not.toBe(doctor.json().color);
    const chosen = await invite({
      email: 'elige@prueba.test',
      displayName: 'Dra. Elige',
      role: 'doctor',
      specialtyId: specialty.json().id,
      licenseNumber: '28289999',
      color: '#364fc7',
    });
    expect(
      (await t.request({ method: 'GET', url: `/api/doctors/${chosen.json().id}`, cookie: admin.cookie })).json().color,
    ).toBe('#364fc7');

    // The first invitation leaves before the second: both carry the frozen clock's instant, so only
    // the order they leave in tells which link is the live one.
    await t.deliverMail();
    const resent = await t.request({
      method: 'POST',
      url: `/api/users/${created.json().id}/invitation`,
      cookie: admin.cookie,
    });
    expect(resent.statusCode).toBe(202);
    const token = await tokenIn('nueva.doctora@prueba.test');
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: TEST_PASSWORD },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().profile.role).toBe('doctor');
    const after = await t.request({ method: 'GET', url: `/api/users/${created.json().id}`, cookie: admin.cookie });
    expect(after.json().state).toBe('activo');
    const again = await t.request({
      method: 'POST',
      url: `/api/users/${created.json().id}/invitation`,
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an e-mail already in use and a paciente role on invitation', async () => {
    expect((await invite({ email: 'marta@prueba.test', displayName: 'Otra', role: 'admin' })).statusCode).toBe(409);
    const paciente = await invite({ email: 'p@prueba.test', displayName: 'Paciente', role: 'paciente' });
    expect(paciente.statusCode).toBe(400);
    expect(paciente.json().error.fields.role).toBe('Elige un rol: administración o doctor/a');
  });

  it('disabling an account ends its sessions at once: its next request is 401 and it cannot sign in', async () => {
    const doctor = await t.createUser({ role: 'doctor', email: 'saliente@prueba.test' });
    expect((await t.request({ method: 'GET', url: '/api/tasks', cookie: doctor.cookie })).statusCode).toBe(200);
    const sessionsOf = (id: string) => t.database.db.select().from(sessions).where(eq(sessions.accountId, id));
    expect(await sessionsOf(doctor.id)).toHaveLength(1);
    const disabled = await patch(doctor.id, { active: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().state).toBe('desactivado');
    expect(await sessionsOf(doctor.id)).toHaveLength(0);
    const next = await t.request({ method: 'GET', url: '/api/tasks', cookie: doctor.cookie });
    expect(next.statusCode).toBe(401);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: doctor.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe('Esta cuenta está desactivada. Ponte en contacto con la clínica.');
    expect((await patch(doctor.id, { active: true })).json().state).toBe('activo');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: doctor.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the last active admin can be neither demoted nor disabled (409, Spanish)', async () => {
    const demote = await patch(admin.id, { role: 'doctor' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe('No puedes quitar el último administrador activo');
    expect((await patch(admin.id, { active: false })).statusCode).toBe(409);
    const second = await t.createUser({ role: 'admin', email: 'segunda@prueba.test' });
    await patch(second.id, { active: false });
    // A disabled admin does not count.
    expect((await patch(admin.id, { role: 'doctor' })).statusCode).toBe(409);
    await patch(second.id, { active: true });
    const demoted = await patch(second.id, { role: 'doctor' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'doctor', doctorProfileIncomplete: true });
    expect(await t.deps.repos.users.hasDoctorRow(second.id)).toBe(true);
    expect((await t.deps.repos.auth.findProfile(admin.id))?.role).toBe('admin');
  });

  it('a pending admin invitation does not count as another admin: the last active one stays (409)', async () => {
    const invited = await invite({
      email: 'pendiente.admin@prueba.test',
      displayName: 'Admin Pendiente',
      role: 'admin',
    });
    expect(invited.json().state).toBe('invitacion_pendiente');
    const demote = await patch(admin.id, { role: 'paciente' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe('No puedes quitar el último administrador activo');
    expect((await patch(admin.id, { active: false })).statusCode).toBe(409);
    expect((await t.deps.repos.auth.findProfile(admin.id))?.role).toBe('admin');
    // Once she has chosen her password she counts: then the other admin may step down.
    const token = await tokenIn('pendiente.admin@prueba.test');
    const accepted = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'clave-de-la-nueva-1' },
    });
    expect(accepted.statusCode).toBe(200);
    await patch(invited.json().id, { active: false });
  });

  it('edits the display name and writes every change to the audit trail', async () => {
    const user = await t.createUser({ role: 'doctor', email: 'renombre@prueba.test' });
    const renamed = await patch(user.id, { displayName: 'Dr. Renombrado' });
    expect(renamed.json().displayName).toBe('Dr. Renombrado');
    const entries = await t.request({ method: 'GET', url: '/api/audit?entity=account', cookie: admin.cookie });
    expect(JSON.stringify(entries.json())).toContain(user.id);
  });

  it('is for admins only', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    expect((await t.request({ method: 'GET', url: '/api/users', cookie: doctor.cookie })).statusCode).toBe(403);
    expect((await patch(admin.id, { displayName: 'Hackeo' }, doctor.cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});
