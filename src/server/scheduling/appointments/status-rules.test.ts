import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';

let t: TestApp;
let admin: { cookie: string };
let doctor: { id: string; email: string };
let doctorCookie: string;
let paciente: { email: string; cookie: string };
let patientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie);
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  doctorCookie = await t.signIn(doctor.email);
  // A paciente with no record of the clinic gets one of their own: the appointments below are theirs.
  paciente = await t.createUser({ role: 'paciente', displayName: 'Irene Campos' });
  patientId = (await t.request({ method: 'GET', url: '/api/me/patient', cookie: paciente.cookie })).json().id;
});
afterAll(() => t.close());
afterEach(() => clock.freeze(null));

async function book(startsAt: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: admin.cookie,
    payload: {
      patientId,
      doctorId: doctor.id,
      startsAt,
      reason: 'Control',
      channel: 'telefono',
      allowOutsideHours: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}
const setStatus = (id: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: `/api/appointments/${id}/status`, cookie, payload });

describe('arrival, attendance and no-show only from the appointment’s day, in the clinic’s zone', () => {
  it('refuses them the evening before in Madrid even when UTC already shows the same date', async () => {
    clock.freeze('2026-03-02T12:00:00Z');
    // Tuesday 3 March, 00:30 in Madrid = Monday 2 March, 23:30 UTC.
    const appointment = await book('2026-03-02T23:30:00.000Z');
    clock.freeze('2026-03-02T22:50:00Z'); // Monday 23:50 in Madrid.
    for (const status of ['en_sala', 'atendida', 'no_asistio']) {
      const refused = await setStatus(appointment.id, { status });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(
        /^Todavía no es el día de la cita: podrás marcarla como «.+» a partir del martes, 3 de marzo\.$/,
      );
    }
    expect((await setStatus(appointment.id, { status: 'atendida' }, doctorCookie)).statusCode).toBe(409);
    // Cancelling and confirming don't wait for the day.
    clock.freeze('2026-03-02T23:05:00Z'); // Tuesday 00:05 in Madrid, still Monday in UTC.
    const arrived = await setStatus(appointment.id, { status: 'en_sala' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect((await setStatus(appointment.id, { status: 'atendida' }, doctorCookie)).json().status).toBe('atendida');
  });

  it('accepts them on the day and after it (a no-show once its time has come, attended with the arrival stated)', async () => {
    clock.freeze('2026-03-04T08:00:00Z');
    const appointment = await book('2026-03-04T10:00:00.000Z');
    clock.freeze('2026-03-04T10:20:00Z');
    expect((await setStatus(appointment.id, { status: 'no_asistio' })).json().status).toBe('no_asistio');
    const yesterday = await book('2026-03-03T10:00:00.000Z');
    const attended = await setStatus(
      yesterday.id,
      { status: 'atendida', arrivedAt: '2026-03-03T09:55:00.000Z' },
      doctorCookie,
    );
    expect(attended.json()).toMatchObject({ status: 'atendida', arrivedAt: '2026-03-03T09:55:00.000Z' });
  });
});

describe('the reason of a cancellation reaches the patient only when staff show it', () => {
  const cancellationMail = () => {
    const mail = [...t.mailer.sent]
      .reverse()
      .find((message) => message.to === paciente.email && /cancel/i.test(message.subject));
    if (!mail) throw new Error('no cancellation e-mail');
    return mail;
  };
  const pastOf = async () =>
    (await t.request({ method: 'GET', url: '/api/me/appointments', cookie: paciente.cookie })).json().past as {
      id: string;
      cancelReason: string | null;
    }[];

  it('hidden by default: not in the e-mail nor the patient’s view; staff still read it', async () => {
    const appointment = await book(new Date(Date.now() + 20 * 86_400_000).toISOString());
    const reason = 'Interno: la doctora tiene un congreso';
    const cancelled = await setStatus(appointment.id, { status: 'cancelada', reason });
    expect(cancelled.json()).toMatchObject({ status: 'cancelada', cancelReason: reason, cancelReasonVisible: false });
    await t.deliverHeldMail();
    const mail = cancellationMail();
    expect(mail.text).not.toContain('congreso');
    expect(mail.html).not.toContain('congreso');
    expect((await pastOf()).find((item) => item.id === appointment.id)?.cancelReason).toBeNull();
  });

  it('shown when staff say so: in the e-mail and the patient’s view', async () => {
    const appointment = await book(new Date(Date.now() + 21 * 86_400_000).toISOString());
    const reason = 'La doctora estará de baja ese día';
    const cancelled = await setStatus(appointment.id, { status: 'cancelada', reason, showReasonToPatient: true });
    expect(cancelled.json().cancelReasonVisible).toBe(true);
    await t.deliverHeldMail();
    expect(cancellationMail().text).toContain(`Motivo de la cancelación: ${reason}`);
    expect((await pastOf()).find((item) => item.id === appointment.id)?.cancelReason).toBe(reason);
  });

  it('a patient may cancel with an empty reason, in their area and through the e-mail link', async () => {
    const mine = await book(new Date(Date.now() + 22 * 86_400_000).toISOString());
    const fromArea = await t.request({
      method: 'POST',
      url: `/api/me/appointments/${mine.id}/cancel`,
      cookie: paciente.cookie,
      payload: { reason: '' },
    });
    expect(fromArea.statusCode, fromArea.body).toBe(200);
    expect(fromArea.json()).toMatchObject({ status: 'cancelada', cancelReason: null });

    const linked = await book(new Date(Date.now() + 23 * 86_400_000).toISOString());
    const token = new URL(await t.deps.appointments.manageUrl(linked.id)).pathname.split('/').pop()!;
    const fromLink = await t.request({ method: 'POST', url: `/api/public/bookings/${token}/cancel`, payload: {} });
    expect(fromLink.statusCode, fromLink.body).toBe(200);
    expect(fromLink.json().status).toBe('cancelada');
    const ownReason = await t.request({
      method: 'POST',
      url: `/api/me/appointments/${linked.id}/cancel`,
      cookie: paciente.cookie,
      payload: { reason: 'x'.repeat(301) },
    });
    expect(ownReason.statusCode).toBe(400);
    expect(ownReason.json().error.message).toBe('El motivo no puede superar los 300 caracteres');
  });
});
