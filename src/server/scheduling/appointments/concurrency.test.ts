import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE } from '../../../common/schemas/appointments';
import { clock } from '../../platform/clock';
import { appointments, mailOutbox } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, validPatient, nextWeekday, TEST_MONDAY_MORNING } from '../../test/fixtures';

let t: TestApp;
let admin: { cookie: string };
let doctor: { id: string };

beforeAll(async () => {
  // Slots depend on the day and the hour (notice, horizon): every run starts on the same Monday morning.
  clock.startAt(TEST_MONDAY_MORNING);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie, {
    schedule: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
  });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('no double booking under concurrency (exclusion constraint)', () => {
  it('100 visitors racing for one slot: exactly one wins, 99 get the Spanish 409, none a 5xx', async () => {
    const day = nextWeekday(3);
    const slot = (
      await t.request({ method: 'GET', url: `/api/public/availability?doctorId=${doctor.id}&from=${day}&to=${day}` })
    ).json().doctors[0].slots[4];
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.request({
          method: 'POST',
          url: '/api/public/bookings',
          payload: {
            doctorId: doctor.id,
            startsAt: slot.startsAt,
            firstName: 'Persona',
            lastName: `Número ${i}`,
            email: `carrera${i}@prueba.test`,
            phone: '+34 600 000 000',
            reason: '',
            acceptPrivacy: true,
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.message).toBe(SLOT_TAKEN_MESSAGE);
    }
    expect(await t.deps.repos.appointments.countOverlaps()).toBe(0);
    // The e-mail is written by the booking's own statement: one, for the winner's appointment; none for the 99.
    const [won] = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.doctorId, doctor.id), eq(appointments.startsAt, new Date(slot.startsAt))));
    const mails = await t.database.db
      .select({ appointmentId: mailOutbox.appointmentId, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(like(mailOutbox.toAddress, 'carrera%@prueba.test'));
    expect(mails).toEqual([{ appointmentId: won!.id, kind: 'appointment-received' }]);
  }, 120_000);

  it('100 staff bookings of different lengths that all overlap one instant: exactly one wins', async () => {
    const patient = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentType: null, documentNumber: null }),
      })
    ).json();
    const day = nextWeekday(5);
    const pivot = Date.parse(`${day}T10:20:00Z`);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const startsAt = new Date(pivot - (((i * 7) % 50) + 1) * 60_000);
        const endsAt = new Date(pivot + (((i * 13) % 70) + 1) * 60_000);
        return t.request({
          method: 'POST',
          url: '/api/appointments',
          cookie: admin.cookie,
          payload: {
            patientId: patient.id,
            doctorId: doctor.id,
            startsAt: startsAt.toISOString(),
            endsAt: endsAt.toISOString(),
            reason: `Carrera ${i}`,
            channel: 'telefono',
            allowOutsideHours: true,
          },
        });
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    expect(statuses.some((status) => status >= 500)).toBe(false);
    expect(await t.deps.repos.appointments.countOverlaps()).toBe(0);
  }, 120_000);

  it('back-to-back appointments do not overlap ([start, end) ranges), and a cancelled one frees its time', async () => {
    const patient = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentType: null, documentNumber: null }),
      })
    ).json();
    // Not the race's day: on PostgreSQL any of its 100 bookings may win, some from 09:30 (nextWeekday(6)
    // was that same Monday, as Saturday and Sunday roll over to it).
    const day = nextWeekday(8);
    const book = (start: string, end: string) =>
      t.request({
        method: 'POST',
        url: '/api/appointments',
        cookie: admin.cookie,
        payload: {
          patientId: patient.id,
          doctorId: doctor.id,
          startsAt: `${day}T${start}:00Z`,
          endsAt: `${day}T${end}:00Z`,
          reason: '',
          channel: 'presencial',
        },
      });
    const first = await book('09:00', '09:30');
    expect(first.statusCode).toBe(201);
    expect((await book('09:30', '10:00')).statusCode).toBe(201);
    expect((await book('09:15', '09:45')).statusCode).toBe(409);
    await t.request({
      method: 'POST',
      url: `/api/appointments/${first.json().id}/status`,
      cookie: admin.cookie,
      payload: { status: 'cancelada', reason: 'Avisa que no viene' },
    });
    expect((await book('09:00', '09:30')).statusCode).toBe(201);
  });

  it('the verification query does see an overlap (checked with the constraint removed, last test of the file)', async () => {
    const { sql } = await import('drizzle-orm');
    const { insertAppointment } = await import('../../test/fixtures');
    const patient = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentType: null, documentNumber: null }),
      })
    ).json();
    await t.database.db.execute(sql`ALTER TABLE appointments DROP CONSTRAINT appointments_no_overlap`);
    await insertAppointment(t, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date('2031-03-03T09:00:00Z'),
      minutes: 60,
    });
    await insertAppointment(t, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date('2031-03-03T09:30:00Z'),
      minutes: 30,
    });
    expect(await t.deps.repos.appointments.countOverlaps()).toBe(1);
  });
});
