import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';

/**
 * The evening: Wednesday 4 March 2026 in Madrid (UTC+1). Each test books a 19:00 appointment
 * the day before and tries the changes at 18:50 (before its time) and 19:30 (after it).
 */
const at = (time: string, day = '2026-03-04') => new Date(`${day}T${time}:00+01:00`).toISOString();
const BEFORE = at('18:50');
const AFTER = at('19:30');

let t: TestApp;
let admin: { cookie: string };
let doctorCookie: string;
let patientId: string;

beforeAll(async () => {
  clock.freeze(at('09:00', '2026-03-02'));
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const paciente = await t.createUser({ role: 'paciente', displayName: 'Nuria Vidal' });
  patientId = (await t.request({ method: 'GET', url: '/api/me/patient', cookie: paciente.cookie })).json().id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(() => clock.freeze(at('09:00', '2026-03-03')));

/** A confirmed appointment on Wednesday at `time`, with a doctor of its own (signed in as `doctorCookie`). */
async function book(time: string) {
  const doctor = await createDoctor(t, admin.cookie);
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  doctorCookie = await t.signIn(doctor.email);
  const response = await t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: admin.cookie,
    payload: {
      patientId,
      doctorId: doctor.id,
      startsAt: at(time),
      reason: 'Control',
      channel: 'telefono',
      allowOutsideHours: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; startsAt: string };
}
const setStatus = (id: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: `/api/appointments/${id}/status`, cookie, payload });
const undo = (id: string, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: `/api/appointments/${id}/undo`, cookie });
const read = async (id: string) =>
  (await t.request({ method: 'GET', url: `/api/appointments/${id}`, cookie: admin.cookie })).json();

describe('«Atendida» only after the patient arrived', () => {
  it('refuses it without a check-in unless the arrival time is stated, before and after the start', async () => {
    const appointment = await book('19:00');
    for (const now of [BEFORE, AFTER]) {
      clock.freeze(now);
      for (const cookie of [admin.cookie, doctorCookie]) {
        const refused = await setStatus(appointment.id, { status: 'atendida' }, cookie);
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().error).toMatchObject({
          code: 'VALIDATION',
          message: 'Indica a qué hora llegó el paciente: no consta su llegada a la sala.',
          fields: { arrivedAt: 'Indica a qué hora llegó el paciente: no consta su llegada a la sala.' },
        });
      }
    }
    expect((await read(appointment.id)).status).toBe('confirmada');
  });

  it('accepts it with the stated arrival and records it as the arrival', async () => {
    const appointment = await book('19:00');
    clock.freeze(AFTER);
    const attended = await setStatus(appointment.id, { status: 'atendida', arrivedAt: at('18:55') });
    expect(attended.statusCode, attended.body).toBe(200);
    expect(attended.json()).toMatchObject({ status: 'atendida', arrivedAt: at('18:55') });
    expect((await read(appointment.id)).history.at(-1).description).toBe('Estado: Atendida (llegó a las 18:55)');
  });

  it('accepts an early patient’s stated arrival before the start time, from the doctor too', async () => {
    const appointment = await book('19:00');
    clock.freeze(BEFORE);
    const attended = await setStatus(appointment.id, { status: 'atendida', arrivedAt: at('18:45') }, doctorCookie);
    expect(attended.statusCode, attended.body).toBe(200);
    expect(attended.json()).toMatchObject({ status: 'atendida', arrivedAt: at('18:45') });
  });

  it('refuses an arrival later than now or on another day, with a Spanish message', async () => {
    const appointment = await book('19:00');
    clock.freeze(BEFORE);
    const future = await setStatus(appointment.id, { status: 'atendida', arrivedAt: at('19:00') });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ arrivedAt: 'La hora de llegada no puede ser posterior a ahora.' });
    const otherDay = await setStatus(appointment.id, { status: 'atendida', arrivedAt: at('19:00', '2026-03-03') });
    expect(otherDay.statusCode).toBe(400);
    expect(otherDay.json().error.fields).toEqual({ arrivedAt: 'La hora de llegada debe ser del día de la cita.' });
    const notAttending = await setStatus(appointment.id, { status: 'en_sala', arrivedAt: at('18:40') });
    expect(notAttending.statusCode).toBe(400);
    expect(notAttending.json().error.fields).toEqual({
      arrivedAt: 'La hora de llegada solo se indica al marcar la cita como atendida',
    });
    expect(await read(appointment.id)).toMatchObject({ status: 'confirmada', arrivedAt: null });
  });

  it('after «En sala» it needs no arrival time, and keeps the check-in’s', async () => {
    const appointment = await book('19:00');
    clock.freeze(at('18:52'));
    const arrived = await setStatus(appointment.id, { status: 'en_sala' });
    expect(arrived.json()).toMatchObject({ status: 'en_sala', arrivedAt: at('18:52') });
    clock.freeze(AFTER);
    const attended = await setStatus(appointment.id, { status: 'atendida' }, doctorCookie);
    expect(attended.statusCode, attended.body).toBe(200);
    expect(attended.json()).toMatchObject({ status: 'atendida', arrivedAt: at('18:52') });
  });
});

describe('«No asistió» only for a patient who did not come, once her time has come', () => {
  it('is refused for a patient in the waiting room, before and after the start', async () => {
    const appointment = await book('19:00');
    clock.freeze(at('18:45'));
    expect((await setStatus(appointment.id, { status: 'en_sala' })).statusCode).toBe(200);
    for (const now of [BEFORE, AFTER]) {
      clock.freeze(now);
      for (const cookie of [admin.cookie, doctorCookie]) {
        const refused = await setStatus(appointment.id, { status: 'no_asistio' }, cookie);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toEqual({
          code: 'INVALID_TRANSITION',
          message: 'El paciente ya ha llegado (está en sala): no se puede marcar como «no asistió».',
        });
      }
    }
    expect((await read(appointment.id)).status).toBe('en_sala');
  });

  it('is refused before the appointment’s time and accepted after it', async () => {
    const appointment = await book('19:00');
    clock.freeze(BEFORE);
    const early = await setStatus(appointment.id, { status: 'no_asistio' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Todavía no es la hora de la cita (las 19:00): no se puede marcar como «no asistió» antes.',
    );
    clock.freeze(AFTER);
    const late = await setStatus(appointment.id, { status: 'no_asistio' }, doctorCookie);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ status: 'no_asistio', arrivedAt: null });
  });
});

describe('the arrival time', () => {
  it('is recorded by the server at check-in and shown in the diary, the calendar range and the doctor’s agenda', async () => {
    const appointment = await book('19:00');
    clock.freeze(at('18:52'));
    await setStatus(appointment.id, { status: 'en_sala' }, doctorCookie);
    clock.freeze(AFTER);
    const diary = await t.request({ method: 'GET', url: '/api/appointments/today', cookie: admin.cookie });
    const row = diary
      .json()
      .doctors.flatMap((d: { appointments: { id: string }[] }) => d.appointments)
      .find((a: { id: string }) => a.id === appointment.id);
    expect(row).toMatchObject({ status: 'en_sala', arrivedAt: at('18:52') });
    const range = `from=${encodeURIComponent(at('00:00'))}&to=${encodeURIComponent(at('23:59'))}`;
    const calendar = await t.request({ method: 'GET', url: `/api/appointments/range?${range}`, cookie: admin.cookie });
    expect(calendar.json().find((a: { id: string }) => a.id === appointment.id).arrivedAt).toBe(at('18:52'));
    const agenda = await t.request({ method: 'GET', url: `/api/doctor/appointments?${range}`, cookie: doctorCookie });
    expect(agenda.json().find((a: { id: string }) => a.id === appointment.id).arrivedAt).toBe(at('18:52'));
  });

  it('stays right across undo: undoing the check-in clears it, undoing «Atendida» keeps the check-in’s', async () => {
    const appointment = await book('19:00');
    clock.freeze(at('18:52'));
    await setStatus(appointment.id, { status: 'en_sala' });
    const undone = await undo(appointment.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'confirmada', arrivedAt: null });

    clock.freeze(at('18:56'));
    expect((await setStatus(appointment.id, { status: 'en_sala' })).json().arrivedAt).toBe(at('18:56'));
    clock.freeze(AFTER);
    await setStatus(appointment.id, { status: 'atendida' });
    expect((await undo(appointment.id)).json()).toMatchObject({ status: 'en_sala', arrivedAt: at('18:56') });
  });

  it('stated with «Atendida» is cleared again by its undo', async () => {
    const appointment = await book('19:00');
    clock.freeze(AFTER);
    await setStatus(appointment.id, { status: 'atendida', arrivedAt: at('19:05') });
    expect((await undo(appointment.id)).json()).toMatchObject({ status: 'confirmada', arrivedAt: null });
  });
});
