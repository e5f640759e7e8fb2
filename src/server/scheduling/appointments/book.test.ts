import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { clock } from '../../platform/clock';
import { appointments, mailOutbox, patients } from '../../platform/db/schema';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, validPatient } from '../../test/fixtures';
import type { BookingSource } from './after-booking';

/**
 * Booking is one use case (`book.ts`): the public page, the paciente's area, the desk and an accepted waiting-list
 * offer all run the after-booking steps the composition registered — inside the booking's transaction (a failing one
 * undoes the whole booking) and after its commit.
 */

/** Monday 2 March 2026, 09:00 in Madrid; the doctor sees patients on Wednesday the 4th, 09:00–12:00. */
const NOW = '2026-03-02T09:00:00+01:00';
/** Saturday 28 February 2026, 21:30 in Madrid: a booking made on a weekend evening. */
const SATURDAY_EVENING = '2026-02-28T21:30:00+01:00';
const wednesday = (time: string) => new Date(`2026-03-04T${time}:00+01:00`).toISOString();
/** The reason that makes the test's in-transaction step fail. */
const FAILING_REASON = 'Paso que falla';

let t: TestApp;
let admin: { cookie: string };
let doctor: { id: string };
/** What the test's step saw: in the transaction (with the row visible there) and after the commit. */
const seen: { source: BookingSource; appointmentId: string; phase: 'in' | 'after'; rowInTransaction?: boolean }[] = [];

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie, { schedule: [{ weekday: 3, start: '09:00', end: '12:00' }] });
  t.deps.afterBooking.register({
    name: 'test-observer',
    async inTransaction(booking, tx) {
      if (booking.appointment.reason === FAILING_REASON) {
        throw new AppError(409, 'CONFLICT', 'El paso de prueba ha fallado.');
      }
      const rows = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(eq(appointments.id, booking.appointment.id));
      seen.push({
        source: booking.source,
        appointmentId: booking.appointment.id,
        phase: 'in',
        rowInTransaction: rows.length === 1,
      });
    },
    async afterCommit(booking) {
      seen.push({ source: booking.source, appointmentId: booking.appointment.id, phase: 'after' });
    },
  });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(() => {
  clock.freeze(NOW);
  seen.length = 0;
});

const publicBooking = (startsAt: string, email: string, reason = 'Revisión') =>
  t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: {
      doctorId: doctor.id,
      startsAt,
      firstName: 'Paula',
      lastName: 'Pública',
      email,
      phone: '+34 600 123 456',
      reason,
      acceptPrivacy: true,
    },
  });

async function deskPatient(firstName: string, email: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({ firstName, lastName: 'Mostrador', documentType: null, documentNumber: null, email }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const deskBooking = (patientId: string, startsAt: string) =>
  t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: admin.cookie,
    payload: { patientId, doctorId: doctor.id, startsAt, reason: 'Control', channel: 'telefono' },
  });

/** The steps seen for one appointment, in order. */
const stepsOf = (appointmentId: string) =>
  seen.filter((entry) => entry.appointmentId === appointmentId).map(({ appointmentId: _id, ...entry }) => entry);

describe('one booking use case', () => {
  it('runs the registered steps, in the transaction and after the commit, for each of the four ways to book', async () => {
    const fromPage = await publicBooking(wednesday('09:00'), 'paula@publica.test');
    expect(fromPage.statusCode, fromPage.body).toBe(201);
    const pageId = fromPage.json().appointment.id as string;

    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'ana@area.test', password: TEST_PASSWORD, displayName: 'Ana Área' },
    });
    const fromArea = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie: sessionCookieOf(signUp),
      payload: { doctorId: doctor.id, startsAt: wednesday('09:30'), reason: 'Dolor de espalda' },
    });
    expect(fromArea.statusCode, fromArea.body).toBe(201);
    const areaId = fromArea.json().id as string;

    const fromDesk = await deskBooking(await deskPatient('Dora', 'dora@mostrador.test'), wednesday('10:00'));
    expect(fromDesk.statusCode, fromDesk.body).toBe(201);
    const deskId = fromDesk.json().id as string;

    // The waiting list: a slot the desk booked is cancelled, offered to the patient waiting, and her link books it.
    const waiting = await deskPatient('Wanda', 'wanda@espera.test');
    const joined = await t.request({
      method: 'POST',
      url: '/api/waiting-list',
      cookie: admin.cookie,
      payload: { patientId: waiting, doctorId: doctor.id, fromDate: '2026-03-03', toDate: '2026-03-06' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const freed = await deskBooking(await deskPatient('Fede', 'fede@mostrador.test'), wednesday('10:30'));
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/appointments/${freed.json().id}/status`,
      cookie: admin.cookie,
      payload: { status: 'cancelada', reason: 'Avisa por teléfono' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.deliverHeldMail();
    const offer = t.mailer.sent.find(
      (mail) => mail.to === 'wanda@espera.test' && mail.subject.startsWith('Se ha liberado'),
    );
    const token = /\/lista-de-espera\/([\w-]+)/.exec(offer!.text)![1]!;
    const accepted = await t.request({ method: 'POST', url: `/api/public/waiting-list/offers/${token}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().state).toBe('aceptada');
    const [offered] = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.patientId, waiting));

    const inAndAfter = (source: BookingSource) => [
      { source, phase: 'in', rowInTransaction: true },
      { source, phase: 'after' },
    ];
    expect(stepsOf(pageId)).toEqual(inAndAfter('public'));
    expect(stepsOf(areaId)).toEqual(inAndAfter('patient-area'));
    expect(stepsOf(deskId)).toEqual(inAndAfter('desk'));
    expect(stepsOf(offered!.id)).toEqual(inAndAfter('waiting-list'));
  });

  it('a step failing in the transaction undoes the whole booking: no appointment, no record, no e-mail', async () => {
    clock.freeze(SATURDAY_EVENING);
    const count = async () => {
      const [row] = await t.database.db
        .select({
          appointments: sql<number>`(SELECT count(*) FROM ${appointments})::int`,
          patients: sql<number>`(SELECT count(*) FROM ${patients})::int`,
          mails: sql<number>`(SELECT count(*) FROM ${mailOutbox})::int`,
        })
        .from(sql`(SELECT 1) AS one`);
      return row!;
    };
    const before = await count();
    const refused = await publicBooking(wednesday('11:00'), 'nadie@publica.test', FAILING_REASON);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT', message: 'El paso de prueba ha fallado.' });
    expect(await count()).toEqual(before);
    expect(await t.database.db.select().from(patients).where(eq(patients.email, 'nadie@publica.test'))).toEqual([]);
    expect(seen).toEqual([]);
    // The same slot is still free: booked right after, it succeeds and runs every step.
    const booked = await publicBooking(wednesday('11:00'), 'alguien@publica.test');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(stepsOf(booked.json().appointment.id)).toEqual([
      { source: 'public', phase: 'in', rowInTransaction: true },
      { source: 'public', phase: 'after' },
    ]);
  });
});
