import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { easterSunday, spanishNationalHolidays } from '../../../common/schemas/holidays';
import { clock } from '../../platform/clock';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, validPatient } from '../../test/fixtures';
import { createHolidaysRepository } from './repository';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string; email: string; specialtyId: string };

const slotsOn = async (from: string, to = from) => {
  const response = await t.request({
    method: 'GET',
    url: `/api/public/availability?doctorId=${doctor.id}&from=${from}&to=${to}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().doctors[0].slots as { startsAt: string }[];
};
/** A wall-clock time in Madrid in December–January (UTC+1). */
const madrid = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();
const addHoliday = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/holidays', cookie: admin.cookie, payload });

beforeAll(async () => {
  // Tuesday 1 December 2026, 09:00 in Madrid: Christmas is within the booking horizon (60 days).
  clock.startAt('2026-12-01T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie, {
    appointmentMinutes: 30,
    schedule: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '14:00' })),
  });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the national holidays of Spain', () => {
  it('are the fixed dates plus Viernes Santo, two days before Easter Sunday', () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(spanishNationalHolidays(2026)).toEqual([
      { date: '2026-01-01', name: 'Año Nuevo' },
      { date: '2026-01-06', name: 'Epifanía del Señor (Reyes)' },
      { date: '2026-04-03', name: 'Viernes Santo' },
      { date: '2026-05-01', name: 'Fiesta del Trabajo' },
      { date: '2026-08-15', name: 'Asunción de la Virgen' },
      { date: '2026-10-12', name: 'Fiesta Nacional de España' },
      { date: '2026-11-01', name: 'Todos los Santos' },
      { date: '2026-12-06', name: 'Día de la Constitución' },
      { date: '2026-12-08', name: 'Inmaculada Concepción' },
      { date: '2026-12-25', name: 'Navidad' },
    ]);
    expect(spanishNationalHolidays(2027).find((holiday) => holiday.name === 'Viernes Santo')?.date).toBe('2027-03-26');
  });
});

describe('holidays and closures', () => {
  it('25 December offers no slot once the national holidays are added; the day before still does', async () => {
    // Friday 25 December 2026 is a working day of the doctor: without holidays it has its ten slots.
    expect(await slotsOn('2026-12-25')).toHaveLength(10);
    const added = await t.request({
      method: 'POST',
      url: '/api/holidays/national',
      cookie: admin.cookie,
      payload: { year: 2026 },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().added).toBe(10);
    expect(
      added.json().items.find((holiday: { startDate: string }) => holiday.startDate === '2026-12-25'),
    ).toMatchObject({ name: 'Navidad', kind: 'nacional' });
    expect(await slotsOn('2026-12-25')).toEqual([]);
    expect(await slotsOn('2026-12-24')).toHaveLength(10);
    // The desk's diary of that day says so («Festivo: Navidad» on screen); the day before has none.
    const diary = await t.request({
      method: 'GET',
      url: '/api/appointments/today?date=2026-12-25',
      cookie: admin.cookie,
    });
    expect(diary.json().holiday).toEqual({ name: 'Navidad', kind: 'nacional' });
    const before = await t.request({
      method: 'GET',
      url: '/api/appointments/today?date=2026-12-24',
      cookie: admin.cookie,
    });
    expect(before.json().holiday).toBeNull();
    // Twice adds nothing more.
    const again = await t.request({
      method: 'POST',
      url: '/api/holidays/national',
      cookie: admin.cookie,
      payload: { year: 2026 },
    });
    expect(again.json().added).toBe(0);
  });

  it('a closure range empties every day of it, for every doctor, and comes back when removed', async () => {
    const other = await createDoctor(t, admin.cookie, {
      schedule: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '16:00', end: '18:00' })),
    });
    const closure = await addHoliday({
      startDate: '2026-12-28',
      endDate: '2026-12-31',
      name: 'Cierre de fin de año',
      kind: 'cierre',
    });
    expect(closure.statusCode).toBe(201);
    expect(await slotsOn('2026-12-28', '2026-12-31')).toEqual([]);
    const otherSlots = await t.request({
      method: 'GET',
      url: `/api/public/availability?doctorId=${other.id}&from=2026-12-28&to=2026-12-31`,
    });
    expect(otherSlots.json().doctors[0].slots).toEqual([]);
    // The booking's days say why they are empty: the closure by its name, one row a day asked, none outside it.
    const week = await t.request({
      method: 'GET',
      url: `/api/public/availability?doctorId=${other.id}&from=2026-12-27&to=2027-01-02`,
    });
    expect(week.json().holidays).toEqual([
      { date: '2026-12-28', name: 'Cierre de fin de año' },
      { date: '2026-12-29', name: 'Cierre de fin de año' },
      { date: '2026-12-30', name: 'Cierre de fin de año' },
      { date: '2026-12-31', name: 'Cierre de fin de año' },
    ]);
    expect(await slotsOn('2027-01-04')).toHaveLength(10);

    const listed = await t.request({
      method: 'GET',
      url: '/api/holidays?from=2026-12-01&to=2026-12-31',
      cookie: admin.cookie,
    });
    expect(listed.json().items.map((holiday: { name: string }) => holiday.name)).toEqual([
      'Día de la Constitución',
      'Inmaculada Concepción',
      'Navidad',
      'Cierre de fin de año',
    ]);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/holidays/${closure.json().id}`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(204);
    expect(await slotsOn('2026-12-28')).toHaveLength(10);
  });

  it('refuses a bad holiday in Spanish', async () => {
    const backwards = await addHoliday({
      startDate: '2026-12-20',
      endDate: '2026-12-10',
      name: 'Al revés',
      kind: 'local',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.endDate).toBe('La fecha final es anterior a la inicial');
    const noName = await addHoliday({ startDate: '2026-12-20', endDate: '2026-12-20', name: ' ', kind: 'local' });
    expect(noName.json().error.fields.name).toMatch(/^Escribe el nombre del festivo/);
    const badKind = await addHoliday({
      startDate: '2026-12-20',
      endDate: '2026-12-20',
      name: 'San Isidro',
      kind: 'regional',
    });
    expect(badKind.json().error.fields.kind).toBe('Elige el tipo: nacional, autonómico, local o cierre de la clínica');
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: '/api/holidays/00000000-0000-4000-8000-000000000000',
          cookie: admin.cookie,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('booking on a holiday', () => {
  const christmas = madrid('2026-12-25', '10:00');
  const message = 'La clínica está cerrada el 25 de diciembre (Navidad, festivo). Elige otro día.';

  it('the public booking refuses it with a clear Spanish message', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: {
        doctorId: doctor.id,
        startsAt: christmas,
        firstName: 'Elena',
        lastName: 'Ruiz',
        email: 'elena@prueba.test',
        phone: '+34 600 555 444',
        reason: '',
        acceptPrivacy: true,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'HOLIDAY', message });
  });

  it('the paciente’s own booking refuses it too', async () => {
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'festivo@prueba.test', password: TEST_PASSWORD, displayName: 'Fermín Festivo' },
    });
    const response = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie: sessionCookieOf(signUp),
      payload: { doctorId: doctor.id, startsAt: christmas, reason: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(message);
  });

  it('the desk is asked first and may book it deliberately (an urgent visit)', async () => {
    const patient = (
      await t.request({ method: 'POST', url: '/api/patients', cookie: admin.cookie, payload: validPatient() })
    ).json();
    const payload = {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: christmas,
      reason: 'Urgencia',
      channel: 'telefono',
    };
    const asked = await t.request({ method: 'POST', url: '/api/appointments', cookie: admin.cookie, payload });
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error).toMatchObject({
      code: 'OUTSIDE_HOURS',
      message: 'La clínica está cerrada el 25 de diciembre (Navidad, festivo). ¿Quieres reservar igualmente?',
    });
    const booked = await t.request({
      method: 'POST',
      url: '/api/appointments',
      cookie: admin.cookie,
      payload: { ...payload, allowOutsideHours: true },
    });
    expect(booked.statusCode).toBe(201);
  });
});

describe('each instance keeps the holidays for a moment, as it keeps the settings', () => {
  it('a closure added by another instance is seen within two seconds; one added here at once', async () => {
    // Another instance of the app: a repository of its own over the same database.
    const elsewhere = createHolidaysRepository(t.database.db);
    const here = t.deps.repos.holidays;
    const realNow = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(realNow + 60_000);
    try {
      expect(await here.on('2027-02-10')).toBeUndefined();
      const closure = { startDate: '2027-02-10', endDate: '2027-02-10', name: 'Obras', kind: 'cierre' as const };
      await t.write((tx) => elsewhere.create(closure, tx));
      // Kept: this instance has not looked again yet.
      now.mockReturnValue(realNow + 61_000);
      expect(await here.on('2027-02-10')).toBeUndefined();
      now.mockReturnValue(realNow + 62_001);
      expect(await here.on('2027-02-10')).toMatchObject({ name: 'Obras' });
      // Changed through this instance: seen at once, and the removal too.
      const other = await t.write((tx) =>
        here.create({ ...closure, startDate: '2027-02-11', endDate: '2027-02-11' }, tx),
      );
      expect(await here.on('2027-02-11')).toMatchObject({ name: 'Obras' });
      await t.write((tx) => here.remove(other.id, tx));
      expect(await here.on('2027-02-11')).toBeUndefined();
    } finally {
      now.mockRestore();
    }
  });
});
