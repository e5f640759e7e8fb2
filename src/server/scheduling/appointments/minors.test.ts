import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINOR_REQUIRED_MESSAGE } from '../../../common/schemas/minors';
import { clock } from '../../platform/clock';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, nextWeekday, TEST_MONDAY_MORNING } from '../../test/fixtures';

let t: TestApp;
let admin: { id: string; cookie: string };
let pediatra: { id: string; specialtyId: string };
let family: { id: string; specialtyId: string };

const slots = async (doctorId: string, days: number) => {
  const day = nextWeekday(days);
  return (
    await t.request({ method: 'GET', url: `/api/public/availability?doctorId=${doctorId}&from=${day}&to=${day}` })
  ).json().doctors[0].slots as { startsAt: string }[];
};
const child = (overrides: Record<string, unknown> = {}) => ({
  childFirstName: 'Lucía',
  childLastName: 'Pérez Gil',
  childBirthDate: '2019-04-03',
  guardianRelationship: 'madre',
  guardianDocument: '12345678z',
  ...overrides,
});
const booking = (doctorId: string, startsAt: string, overrides: Record<string, unknown> = {}) => ({
  doctorId,
  startsAt,
  firstName: 'Ana',
  lastName: 'Gil Ramos',
  email: 'ana.gil@prueba.test',
  phone: '+34 600 111 222',
  reason: 'Revisión de los 6 años',
  acceptPrivacy: true,
  ...overrides,
});
const book = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/public/bookings', payload });

beforeAll(async () => {
  clock.startAt(TEST_MONDAY_MORNING);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const specialty = await t.request({
    method: 'POST',
    url: '/api/specialties',
    cookie: admin.cookie,
    payload: { name: 'Pediatría', forMinors: true },
  });
  expect(specialty.json()).toMatchObject({ name: 'Pediatría', forMinors: true });
  pediatra = await createDoctor(t, admin.cookie, { specialtyId: specialty.json().id });
  family = await createDoctor(t, admin.cookie);
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('booking in a specialty for minors (Pediatría)', () => {
  it('the booking options say which specialty is for minors', async () => {
    const options = (await t.request({ method: 'GET', url: '/api/public/booking-options' })).json();
    const bySpecialty = Object.fromEntries(
      options.specialties.map((s: { id: string; forMinors: boolean }) => [s.id, s.forMinors]),
    );
    expect(bySpecialty[pediatra.specialtyId]).toBe(true);
    expect(bySpecialty[family.specialtyId]).toBe(false);
  });

  it('asks for the child and the guardian, and validates them in Spanish', async () => {
    const [slot] = await slots(pediatra.id, 3);
    const missing = await book(booking(pediatra.id, slot!.startsAt));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(MINOR_REQUIRED_MESSAGE);

    const badDocument = await book(
      booking(pediatra.id, slot!.startsAt, { minor: child({ guardianDocument: '12345678A' }) }),
    );
    expect(badDocument.statusCode).toBe(400);
    expect(badDocument.json().error.fields['minor.guardianDocument']).toBe(
      'La letra del DNI no corresponde a sus números',
    );
    const future = await book(booking(pediatra.id, slot!.startsAt, { minor: child({ childBirthDate: '2027-01-01' }) }));
    expect(future.json().error.fields['minor.childBirthDate']).toBe('La fecha de nacimiento no puede ser futura');
    const adult = await book(booking(pediatra.id, slot!.startsAt, { minor: child({ childBirthDate: '2000-01-01' }) }));
    expect(adult.json().error.fields['minor.childBirthDate']).toBe('Esta consulta es para menores de 18 años');
    const noRelation = await book(booking(pediatra.id, slot!.startsAt, { minor: child({ guardianRelationship: '' }) }));
    expect(noRelation.json().error.fields['minor.guardianRelationship']).toBe(
      'Indica tu relación con el niño o la niña',
    );
  });

  it('stores the child and the guardian (who booked) with the appointment; the desk reads them', async () => {
    const [slot] = await slots(pediatra.id, 4);
    const booked = await book(booking(pediatra.id, slot!.startsAt, { minor: child() }));
    expect(booked.statusCode).toBe(201);
    const id = booked.json().appointment.id;
    const detail = (await t.request({ method: 'GET', url: `/api/appointments/${id}`, cookie: admin.cookie })).json();
    expect(detail.minor).toEqual({
      childFirstName: 'Lucía',
      childLastName: 'Pérez Gil',
      childBirthDate: '2019-04-03',
      guardianName: 'Ana Gil Ramos',
      guardianRelationship: 'madre',
      guardianDocument: '12345678Z',
    });
  });

  it('a signed-in paciente books Pediatría as the guardian too', async () => {
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'padre@prueba.test', password: TEST_PASSWORD, displayName: 'Pablo Padre' },
    });
    const cookie = sessionCookieOf(signUp);
    const [slot] = await slots(pediatra.id, 5);
    const refused = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie,
      payload: { doctorId: pediatra.id, startsAt: slot!.startsAt, reason: '' },
    });
    expect(refused.statusCode).toBe(400);
    const booked = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie,
      payload: {
        doctorId: pediatra.id,
        startsAt: slot!.startsAt,
        reason: '',
        minor: child({ guardianRelationship: 'padre', guardianDocument: 'X1234567L' }),
      },
    });
    expect(booked.statusCode).toBe(201);
    const detail = (
      await t.request({ method: 'GET', url: `/api/appointments/${booked.json().id}`, cookie: admin.cookie })
    ).json();
    expect(detail.minor).toMatchObject({
      guardianRelationship: 'padre',
      guardianDocument: 'X1234567L',
      childFirstName: 'Lucía',
    });
  });

  it('another specialty neither asks for nor keeps them', async () => {
    const [slot] = await slots(family.id, 3);
    const booked = await book(booking(family.id, slot!.startsAt, { email: 'adulto@prueba.test' }));
    expect(booked.statusCode).toBe(201);
    const detail = (
      await t.request({ method: 'GET', url: `/api/appointments/${booked.json().appointment.id}`, cookie: admin.cookie })
    ).json();
    expect(detail.minor).toBeNull();
  });

  it('the desk turns the flag on and off from the specialty', async () => {
    const off = await t.request({
      method: 'PATCH',
      url: `/api/specialties/${pediatra.specialtyId}`,
      cookie: admin.cookie,
      payload: { name: 'Pediatría', forMinors: false },
    });
    expect(off.json()).toMatchObject({ forMinors: false });
    const [slot] = await slots(pediatra.id, 6);
    expect((await book(booking(pediatra.id, slot!.startsAt, { email: 'sin-menor@prueba.test' }))).statusCode).toBe(201);
    const on = await t.request({
      method: 'PATCH',
      url: `/api/specialties/${pediatra.specialtyId}`,
      cookie: admin.cookie,
      payload: { name: 'Pediatría', forMinors: true },
    });
    expect(on.json()).toMatchObject({ forMinors: true });
    // Renaming alone keeps the flag.
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/specialties/${pediatra.specialtyId}`,
      cookie: admin.cookie,
      payload: { name: 'Pediatría general' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Pediatría general', forMinors: true });
  });
});
