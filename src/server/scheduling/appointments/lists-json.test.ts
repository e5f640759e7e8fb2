import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import {
  calendarAppointmentSchema,
  calendarMonthSchema,
  diaryAppointmentSchema,
  todayDiarySchema,
  type CalendarAppointment,
} from '../../../common/schemas/appointments';
import { clock } from '../../platform/clock';
import { appointments } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, insertAppointment } from '../../test/fixtures';
import { startOfDay } from '../../platform/dates';
import { presentAppointment } from './service';

/**
 * The calendar's range and the diary are built as JSON by the database (`lists-repository.ts`) and sent
 * unvalidated: what they send must be what `presentAppointment` gave, field for field, and parse with the
 * shared schemas — across the spring change of time in Madrid (29 Mar 2026), on an evening, for past rows,
 * on PGlite and (with TEST_DATABASE_URL) on PostgreSQL.
 */

const ZONE = 'Europe/Madrid';
// Friday 27 March 2026, 20:30 in Madrid (UTC+1): an evening, two days before the clocks go forward.
const FRIDAY_EVENING = '2026-03-27T20:30:00+01:00';

let t: TestApp;
let admin: { cookie: string };
let doctors: { id: string }[];

const at = (wallClock: string) => new Date(Temporal.ZonedDateTime.from(`${wallClock}[${ZONE}]`).epochMilliseconds);

/** What the route answered before the database built it: the rows of `listRange`, presented. */
async function reference(from: Date, to: Date) {
  const views = await t.deps.repos.appointments.listRange({ from, to });
  return views.map(presentAppointment);
}

beforeAll(async () => {
  clock.startAt(FRIDAY_EVENING);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  // Named, not numbered: the diary lists doctors by name, and the fixture's counter («Prueba 99», «Prueba 100»)
  // depends on how many doctors earlier files of the worker made.
  doctors = [
    await createDoctor(t, admin.cookie, { displayName: 'Dra. Ana Lista' }),
    await createDoctor(t, admin.cookie, { displayName: 'Dra. Berta Lista', color: '#e8590c' }),
  ];
  const withIdentity = await createPatientRecord(t, {
    firstName: 'Lucía',
    lastName: 'Pérez García',
    email: 'lucia@prueba.test',
    phone: '600 111 222',
    birthDate: '1980-02-29',
    documentType: 'dni',
    documentNumber: '12345678Z',
  });
  // Quotes, a backslash and accents: the database escapes them as JSON.stringify does.
  const quoted = await createPatientRecord(t, {
    firstName: 'José "Pepe"',
    lastName: 'Núñez \\ Ortega',
    email: '',
    phone: '600 000 001',
  });
  const [a, b] = doctors;
  const rows = [
    // A past visit, attended, with its arrival; and one cancelled with a reason the patient may read.
    { patientId: withIdentity.id, doctorId: a!.id, startsAt: at('2026-03-20T10:00') },
    { patientId: quoted.id, doctorId: a!.id, startsAt: at('2026-03-20T10:30'), status: 'cancelada' as const },
    // This evening, and the next morning of the other doctor.
    { patientId: quoted.id, doctorId: b!.id, startsAt: at('2026-03-27T19:45') },
    { patientId: withIdentity.id, doctorId: a!.id, startsAt: at('2026-03-27T09:00') },
    { patientId: withIdentity.id, doctorId: b!.id, startsAt: at('2026-03-28T10:00') },
    // Sunday 29 March: the hour from 02:00 to 03:00 does not exist; before and after the change.
    { patientId: quoted.id, doctorId: a!.id, startsAt: at('2026-03-29T01:30') },
    { patientId: withIdentity.id, doctorId: a!.id, startsAt: at('2026-03-29T03:00') },
    { patientId: withIdentity.id, doctorId: b!.id, startsAt: at('2026-03-29T23:30'), minutes: 60 },
  ];
  const inserted = [];
  for (const row of rows) inserted.push(await insertAppointment(t, row));
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', arrivedAt: new Date(at('2026-03-20T09:57').getTime() + 123), reason: 'Revisión' })
    .where(eq(appointments.id, inserted[0]!.id));
  await t.database.db
    .update(appointments)
    .set({ cancelReason: 'Viaje «imprevisto»\nde trabajo', cancelReasonVisible: true })
    .where(eq(appointments.id, inserted[1]!.id));
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the calendar range built by the database', () => {
  it('answers what presentAppointment gave, with only the calendar fields, over the week of the change of time', async () => {
    const from = startOfDay('2026-03-16', ZONE);
    const to = startOfDay('2026-03-30', ZONE);
    const response = await t.request({
      method: 'GET',
      url: `/api/appointments/range?from=${from.toISOString()}&to=${to.toISOString()}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json() as CalendarAppointment[];
    const expected = (await reference(from, to)).map((item) => calendarAppointmentSchema.parse(item));
    expect(body).toHaveLength(8);
    expect(body).toEqual(expected);
    expect(z.array(calendarAppointmentSchema.strict()).parse(body)).toEqual(body);
    // The instants as the API always wrote them: UTC with milliseconds.
    expect(body.map((item) => item.startsAt)).toContain('2026-03-29T00:30:00.000Z');
    expect(body.map((item) => item.startsAt)).toContain('2026-03-29T01:00:00.000Z');
    expect(body.find((item) => item.arrivedAt)?.arrivedAt).toBe('2026-03-20T08:57:00.123Z');
    expect(body.map((item) => item.patientName)).toContain('José "Pepe" Núñez \\ Ortega');
  });

  it('answers an empty array for a range with nothing in it, and a doctor only her own', async () => {
    const empty = await t.request({
      method: 'GET',
      url: `/api/appointments/range?from=2026-05-04T00:00:00.000Z&to=2026-05-11T00:00:00.000Z`,
      cookie: admin.cookie,
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('[]');
    const one = await t.request({
      method: 'GET',
      url: `/api/appointments/range?from=2026-03-27T00:00:00.000Z&to=2026-03-30T00:00:00.000Z&doctorId=${doctors[1]!.id}`,
      cookie: admin.cookie,
    });
    expect((one.json() as CalendarAppointment[]).map((item) => item.doctorId)).toEqual([
      doctors[1]!.id,
      doctors[1]!.id,
      doctors[1]!.id,
    ]);
  });
});

describe('the diary built by the database', () => {
  const diary = async (date?: string) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/appointments/today${date ? `?date=${date}` : ''}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as z.infer<typeof todayDiarySchema>;
  };

  it.each([
    ['this evening (today)', undefined, '2026-03-27'],
    ['a past day', '2026-03-20', '2026-03-20'],
    ['the day the clocks go forward', '2026-03-29', '2026-03-29'],
  ])('answers %s as presentAppointment gave it, per doctor', async (_name, asked, date) => {
    const body = await diary(asked);
    expect(todayDiarySchema.strict().parse(body)).toEqual(body);
    expect(body).toMatchObject({ date, today: '2026-03-27', timeZone: ZONE, holiday: null });
    const from = startOfDay(date, ZONE);
    const to = startOfDay(Temporal.PlainDate.from(date).add({ days: 1 }).toString(), ZONE);
    const expected = await reference(from, to);
    expect(body.doctors.flatMap((doctor) => doctor.appointments)).toEqual(
      doctors.flatMap((doctor) =>
        expected.filter((item) => item.doctorId === doctor.id).map((item) => diaryAppointmentSchema.parse(item)),
      ),
    );
    // What only an opened appointment shows does not travel with the day's rows.
    for (const item of body.doctors.flatMap((doctor) => doctor.appointments))
      for (const key of ['patientEmail', 'patientBirthDate', 'patientDocument', 'channel', 'createdAt'])
        expect(item).not.toHaveProperty(key);
    for (const doctor of body.doctors)
      expect(doctor.appointments.every((item) => item.doctorId === doctor.id)).toBe(true);
  });

  it('lists a working doctor with no appointments with an empty list, and none on a Sunday', async () => {
    // Monday 23 March: both doctors work, neither has appointments.
    const monday = await diary('2026-03-23');
    expect(monday.doctors.map((doctor) => [doctor.id, doctor.appointments])).toEqual(
      doctors.map((doctor) => [doctor.id, []]),
    );
    const sunday = await diary('2026-03-22');
    expect(sunday.doctors).toEqual([]);
  });
});

describe('the month view built by the database', () => {
  const month = async (query: string) =>
    t.request({ method: 'GET', url: `/api/appointments/month?${query}`, cookie: admin.cookie });
  const from = startOfDay('2026-03-16', ZONE).toISOString();
  const to = startOfDay('2026-03-30', ZONE).toISOString();

  beforeAll(async () => {
    // Tuesday 24 March: five visits and a cancelled one, more than the month shows in a day.
    const [a, b] = doctors;
    const patient = await createPatientRecord(t, { firstName: 'Marta', lastName: 'Mes', phone: '600 000 002' });
    const visits = [
      { doctorId: b!.id, startsAt: at('2026-03-24T09:00') },
      { doctorId: a!.id, startsAt: at('2026-03-24T09:00') },
      { doctorId: a!.id, startsAt: at('2026-03-24T09:30') },
      { doctorId: b!.id, startsAt: at('2026-03-24T10:00') },
      { doctorId: a!.id, startsAt: at('2026-03-24T11:00') },
      { doctorId: a!.id, startsAt: at('2026-03-24T08:00'), status: 'cancelada' as const },
    ];
    for (const visit of visits) await insertAppointment(t, { patientId: patient.id, ...visit });
  });

  it("answers each clinic day's first three (by start, then doctor's name) and its count, without cancelled ones", async () => {
    const response = await month(`from=${from}&to=${to}`);
    expect(response.statusCode).toBe(200);
    const body = calendarMonthSchema.strict().parse(response.json());
    expect(body.days).toEqual([
      { date: '2026-03-20', count: 1 },
      { date: '2026-03-24', count: 5 },
      { date: '2026-03-27', count: 2 },
      { date: '2026-03-28', count: 1 },
      // 01:30 and 03:00 on the day the clocks go forward, and 23:30 (21:30 UTC): all three that day in Madrid.
      { date: '2026-03-29', count: 3 },
    ]);
    const all = (await reference(new Date(from), new Date(to))).map((item) => calendarAppointmentSchema.parse(item));
    const tuesday = body.appointments.filter((item) => item.startsAt.startsWith('2026-03-24'));
    expect(tuesday.map((item) => [item.startsAt, item.doctorId])).toEqual([
      ['2026-03-24T08:00:00.000Z', doctors[0]!.id],
      ['2026-03-24T08:00:00.000Z', doctors[1]!.id],
      ['2026-03-24T08:30:00.000Z', doctors[0]!.id],
    ]);
    // Every appointment sent is as the calendar's range sends it.
    for (const item of body.appointments) expect(item).toEqual(all.find((one) => one.id === item.id));
    expect(body.appointments).toHaveLength(1 + 3 + 2 + 1 + 3);
  });

  it('answers only the doctors chosen, and refuses a list that is not of ids', async () => {
    const response = await month(`from=${from}&to=${to}&doctorIds=${doctors[1]!.id}`);
    const body = calendarMonthSchema.parse(response.json());
    expect(body.days.find((day) => day.date === '2026-03-24')).toEqual({ date: '2026-03-24', count: 2 });
    expect(new Set(body.appointments.map((item) => item.doctorId))).toEqual(new Set([doctors[1]!.id]));
    const refused = await month(`from=${from}&to=${to}&doctorIds=uno,dos`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.doctorIds).toBe('Profesionales no válidos');
  });
});
