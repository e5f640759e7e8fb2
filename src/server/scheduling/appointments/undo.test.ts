import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNDO_MARGIN_SECONDS, UNDO_WINDOW_SECONDS } from '../../../common/schemas/appointments';
import { clock } from '../../platform/clock';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, validPatient } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';

/** Monday 2 March 2026, 09:00 in Madrid; the appointments below are on Wednesday the 4th. */
const NOW = '2026-03-02T09:00:00+01:00';
const wednesday = (time: string) => new Date(`2026-03-04T${time}:00+01:00`).toISOString();

let t: TestApp;
let admin: { id: string; cookie: string };
let otherAdmin: { cookie: string };
let doctor: { id: string; email: string };
let doctorCookie: string;
let patientId: string;
let counter = 0;

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  otherAdmin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie);
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  doctorCookie = await t.signIn(doctor.email);
  const patient = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({ documentType: null, documentNumber: null, email: 'deshacer@prueba.test' }),
  });
  patientId = patient.json().id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(() => {
  clock.freeze(NOW);
  t.mailer.sent.length = 0;
});

/** A confirmed appointment on Wednesday, its confirmation e-mail already sent. */
async function book(time = `1${counter++ % 10}:00`) {
  const response = await t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: admin.cookie,
    payload: {
      patientId,
      doctorId: doctor.id,
      startsAt: wednesday(time),
      reason: 'Control',
      channel: 'telefono',
      allowOutsideHours: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  await t.deliverMail();
  t.mailer.sent.length = 0;
  return response.json() as { id: string; startsAt: string };
}
const move = (id: string, startsAt: string, cookie = admin.cookie) =>
  t.request({
    method: 'PATCH',
    url: `/api/appointments/${id}`,
    cookie,
    payload: { startsAt, allowOutsideHours: true },
  });
const setStatus = (id: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: `/api/appointments/${id}/status`, cookie, payload });
const undo = (id: string, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: `/api/appointments/${id}/undo`, cookie });
const subjects = () =>
  t.mailer.sent.filter((mail) => mail.to === 'deshacer@prueba.test').map((mail) => mail.subject.split(' · ')[0]);
const history = async (id: string) =>
  (
    (await t.request({ method: 'GET', url: `/api/appointments/${id}`, cookie: admin.cookie })).json().history as {
      description: string;
    }[]
  ).map((event) => event.description);

describe('undo of the desk’s changes', () => {
  it('the patient’s e-mail about a change waits out the undo window, then leaves once', async () => {
    const appointment = await book();
    expect((await move(appointment.id, wednesday('18:00'))).statusCode).toBe(200);
    await t.deliverMail();
    expect(subjects()).toEqual([]);
    clock.advance((UNDO_WINDOW_SECONDS + UNDO_MARGIN_SECONDS) * 1000);
    await t.deliverMail();
    expect(subjects()).toEqual(['Cita cambiada']);
  });

  it('undoing a move puts the old time back, and the e-mail never leaves', async () => {
    const appointment = await book();
    await move(appointment.id, wednesday('18:30'));
    clock.advance((UNDO_WINDOW_SECONDS - 1) * 1000);
    const undone = await undo(appointment.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().startsAt).toBe(appointment.startsAt);
    clock.advance(60_000);
    await t.deliverMail();
    expect(subjects()).toEqual([]);
    expect((await history(appointment.id)).slice(-2)).toEqual([
      expect.stringMatching(/^Cambio de hora: /),
      'Cambio de hora deshecho',
    ]);
    const audit = await t.deps.repos.audit.listForPatient(patientId);
    expect(audit.filter((entry) => entry.action === 'undo' && entry.entityId === appointment.id)).toEqual([
      expect.objectContaining({ entity: 'appointment', actorId: admin.id }),
    ]);
    // Undone once: there is nothing more to undo.
    expect((await undo(appointment.id)).json().error.code).toBe('NOTHING_TO_UNDO');
  });

  it('undoing a cancellation brings the appointment back without the reason, and no cancellation e-mail leaves', async () => {
    const appointment = await book();
    const cancelled = await setStatus(appointment.id, {
      status: 'cancelada',
      reason: 'Llama para anular',
      showReasonToPatient: true,
    });
    expect(cancelled.json().status).toBe('cancelada');
    const undone = await undo(appointment.id);
    expect(undone.json()).toMatchObject({ status: 'confirmada', cancelReason: null, cancelReasonVisible: false });
    clock.advance(60_000);
    await t.deliverMail();
    expect(subjects()).toEqual([]);
    expect((await history(appointment.id)).at(-1)).toBe('Cambio de estado deshecho');
  });

  it('is refused after the window, to someone else, and when the old time was taken meanwhile', async () => {
    const late = await book();
    await move(late.id, wednesday('19:00'));
    clock.advance((UNDO_WINDOW_SECONDS + 1) * 1000);
    const tooLate = await undo(late.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error).toEqual({
      code: 'UNDO_EXPIRED',
      message: `Ya no se puede deshacer: han pasado más de ${UNDO_WINDOW_SECONDS} segundos.`,
    });
    clock.advance(UNDO_MARGIN_SECONDS * 1000);
    await t.deliverMail();
    expect(subjects()).toEqual(['Cita cambiada']);

    clock.freeze(NOW);
    const theirs = await book();
    await move(theirs.id, wednesday('19:30'));
    const notMine = await undo(theirs.id, otherAdmin.cookie);
    expect(notMine.statusCode).toBe(409);
    expect(notMine.json().error.message).toBe('No hay ningún cambio tuyo en esta cita que se pueda deshacer.');

    const moved = await book('08:00');
    await move(moved.id, wednesday('20:00'));
    // Someone books the freed 08:00 at once.
    await t.request({
      method: 'POST',
      url: '/api/appointments',
      cookie: otherAdmin.cookie,
      payload: {
        patientId,
        doctorId: doctor.id,
        startsAt: wednesday('08:00'),
        reason: '',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    const taken = await undo(moved.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('La hora de antes ya la ha ocupado otra cita: no se puede deshacer.');
    expect(
      (await t.request({ method: 'GET', url: `/api/appointments/${moved.id}`, cookie: admin.cookie })).json().startsAt,
    ).toBe(wednesday('20:00'));
  });

  it('a doctor undoes her own status change on the appointment’s day', async () => {
    clock.freeze('2026-03-04T08:00:00+01:00');
    const appointment = await book('09:00');
    expect((await setStatus(appointment.id, { status: 'en_sala' }, doctorCookie)).statusCode).toBe(200);
    const undone = await undo(appointment.id, doctorCookie);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().status).toBe('confirmada');
  });
});
