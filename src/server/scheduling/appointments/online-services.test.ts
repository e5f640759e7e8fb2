import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE } from '../../../common/schemas/appointments';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, insertAppointment } from '../../test/fixtures';
import { ONLINE_SERVICE_MESSAGES } from './online-services';

// Services in the public booking and the paciente's «Pedir cita»: slots of the service's length.
let t: TestApp;
let admin: { cookie: string };
let ana: { id: string; specialtyId: string };
let luis: { id: string };
let other: { id: string; specialtyId: string };
const services: Record<'long' | 'phoneOnly' | 'retired' | 'elsewhere', string> = {
  long: '',
  phoneOnly: '',
  retired: '',
  elsewhere: '',
};

/** Wednesday 4 March 2026, in Madrid (UTC+1). */
const WEDNESDAY = '2026-03-04';
const FRIDAY = '2026-03-06';
const madrid = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();
const madridTime = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

const availability = async (query: string) => t.request({ method: 'GET', url: `/api/public/availability?${query}` });
const slotsOf = async (query: string) => {
  const response = await availability(query);
  expect(response.statusCode).toBe(200);
  return response.json().doctors as { id: string; slots: { startsAt: string; endsAt: string }[] }[];
};
const starts = (slots: { startsAt: string }[]) => slots.map((slot) => madridTime(slot.startsAt));

let sequence = 0;
const book = (doctorId: string, startsAt: string, serviceId?: string) =>
  t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: {
      doctorId,
      startsAt,
      ...(serviceId ? { serviceId } : {}),
      firstName: 'Elena',
      lastName: 'Ruiz Soto',
      email: `elena${++sequence}@prueba.test`,
      phone: '+34 600 555 444',
      reason: '',
      acceptPrivacy: true,
    },
  });

const createService = async (overrides: Record<string, unknown>) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/services',
    cookie: admin.cookie,
    payload: {
      name: `Servicio ${++sequence}`,
      specialtyId: ana.specialtyId,
      doctorIds: [],
      durationMinutes: 45,
      priceCents: 6000,
      vat: 'exenta',
      bookableOnline: true,
      active: true,
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
};

beforeAll(async () => {
  clock.freeze('2026-03-02T09:00:00+01:00'); // Monday morning
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const schedule = [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '14:00' })),
    { weekday: 5, start: '16:00', end: '20:00' },
  ];
  ana = await createDoctor(t, admin.cookie, { appointmentMinutes: 30, schedule });
  luis = await createDoctor(t, admin.cookie, { appointmentMinutes: 30, schedule, specialtyId: ana.specialtyId });
  other = await createDoctor(t, admin.cookie, { appointmentMinutes: 30, schedule });
  services.long = await createService({ name: 'Primera visita completa', doctorIds: [ana.id] });
  services.phoneOnly = await createService({ name: 'Infiltración', bookableOnline: false });
  services.retired = await createService({ name: 'Revisión antigua', active: false });
  services.elsewhere = await createService({ name: 'Otra cosa', specialtyId: other.specialtyId });
  // Ana is booked at 10:30 on Wednesday: from 10:00 there are 30 free minutes, not 45.
  const patient = await createPatientRecord(t, { firstName: 'Marta', lastName: 'Gil', phone: '600111222' });
  await insertAppointment(t, {
    patientId: patient.id,
    doctorId: ana.id,
    startsAt: new Date(madrid(WEDNESDAY, '10:30')),
  });
});
afterEach(() => clock.freeze('2026-03-02T09:00:00+01:00'));
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('availability of a service (Monday morning)', () => {
  it('offers only the starts where the whole 45 minutes are free; without a service, the 30-minute slots', async () => {
    const [withService] = await slotsOf(
      `doctorId=${ana.id}&serviceId=${services.long}&from=${WEDNESDAY}&to=${WEDNESDAY}`,
    );
    expect(starts(withService!.slots)).toEqual(['09:00', '09:30', '11:00', '11:30', '12:00', '12:30', '13:00']);
    expect(
      withService!.slots.every((slot) => Date.parse(slot.endsAt) - Date.parse(slot.startsAt) === 45 * 60_000),
    ).toBe(true);

    const [plain] = await slotsOf(`doctorId=${ana.id}&from=${WEDNESDAY}&to=${WEDNESDAY}`);
    expect(starts(plain!.slots)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
    ]);
  });

  it('for a specialty, lists only the doctors who perform the service', async () => {
    const bySpecialty = await slotsOf(
      `specialtyId=${ana.specialtyId}&serviceId=${services.long}&from=${WEDNESDAY}&to=${WEDNESDAY}`,
    );
    expect(bySpecialty.map((doctor) => doctor.id)).toEqual([ana.id]);
    const everyone = await slotsOf(`specialtyId=${ana.specialtyId}&from=${WEDNESDAY}&to=${WEDNESDAY}`);
    expect(everyone.map((doctor) => doctor.id).sort()).toEqual([ana.id, luis.id].sort());
  });

  it('refuses on the field a service that cannot be booked online, in Spanish', async () => {
    const fieldOf = async (query: string) => {
      const response = await availability(`${query}&from=${WEDNESDAY}&to=${WEDNESDAY}`);
      expect(response.statusCode).toBe(400);
      return response.json().error.fields.serviceId;
    };
    expect(await fieldOf(`doctorId=${ana.id}&serviceId=no-es-un-id`)).toBe('Elige un servicio de la lista');
    expect(await fieldOf(`doctorId=${ana.id}&serviceId=${services.phoneOnly}`)).toBe(ONLINE_SERVICE_MESSAGES.notOnline);
    expect(await fieldOf(`doctorId=${ana.id}&serviceId=${services.retired}`)).toBe(ONLINE_SERVICE_MESSAGES.unknown);
    expect(await fieldOf(`doctorId=${luis.id}&serviceId=${services.long}`)).toBe(ONLINE_SERVICE_MESSAGES.notPerformed);
    expect(await fieldOf(`specialtyId=${ana.specialtyId}&serviceId=${services.elsewhere}`)).toBe(
      ONLINE_SERVICE_MESSAGES.otherSpecialty,
    );
  });

  it('lists the online services in the booking options with their length, price and doctors', async () => {
    const options = (await t.request({ method: 'GET', url: '/api/public/booking-options' })).json();
    const ours = options.services.filter((service: { specialtyId: string }) => service.specialtyId === ana.specialtyId);
    expect(ours.map((service: { name: string }) => service.name)).toEqual(['Primera visita completa']);
    expect(ours[0]).toEqual({
      id: services.long,
      name: 'Primera visita completa',
      specialtyId: ana.specialtyId,
      durationMinutes: 45,
      priceCents: 6000,
      doctorIds: [ana.id],
      // No TPV, no deposit asked (decision 0121).
      deposit: null,
    });
  });

  it('shows a taxed service’s price with its VAT: the public pays 12,10 € for a 10,00 € peeling at 21 %', async () => {
    const peeling = await createService({
      name: 'Peeling facial',
      specialtyId: other.specialtyId,
      priceCents: 1000,
      vat: '21',
      durationMinutes: 30,
    });
    const options = (await t.request({ method: 'GET', url: '/api/public/booking-options' })).json();
    const listed = options.services.find((service: { id: string }) => service.id === peeling);
    expect(listed.priceCents).toBe(1210);
  });
});

describe('booking a service', () => {
  it('stores the service with the end at start + its length; a start without 45 free minutes is taken', async () => {
    const tooShort = await book(ana.id, madrid(WEDNESDAY, '10:00'), services.long);
    expect(tooShort.statusCode).toBe(409);
    expect(tooShort.json().error.message).toBe(SLOT_TAKEN_MESSAGE);
    // The fresh slots offered are of the service's length too.
    const fresh = tooShort.json().slots as { startsAt: string; endsAt: string }[];
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((slot) => Date.parse(slot.endsAt) - Date.parse(slot.startsAt) === 45 * 60_000)).toBe(true);

    const booked = await book(ana.id, madrid(WEDNESDAY, '09:00'), services.long);
    expect(booked.statusCode).toBe(201);
    expect(booked.json().appointment).toMatchObject({
      startsAt: madrid(WEDNESDAY, '09:00'),
      endsAt: madrid(WEDNESDAY, '09:45'),
      service: { name: 'Primera visita completa', durationMinutes: 45 },
    });
    const stored = await t.deps.repos.appointments.findView(booked.json().appointment.id);
    expect(stored?.serviceId).toBe(services.long);
    // 09:30–10:00 now overlaps the 45 minutes booked.
    const [plain] = await slotsOf(`doctorId=${ana.id}&from=${WEDNESDAY}&to=${WEDNESDAY}`);
    expect(starts(plain!.slots).slice(0, 2)).toEqual(['10:00', '11:00']);
  });

  it('without a service books the doctor’s length as before, and stores none', async () => {
    const booked = await book(luis.id, madrid(WEDNESDAY, '10:00'));
    expect(booked.statusCode).toBe(201);
    expect(booked.json().appointment).toMatchObject({ endsAt: madrid(WEDNESDAY, '10:30'), service: null });
    expect((await t.deps.repos.appointments.findView(booked.json().appointment.id))?.serviceId).toBeNull();
  });

  it('refuses on the field a service not online, retired, of another specialty or not performed by the doctor', async () => {
    const fieldOf = async (doctorId: string, serviceId: string) => {
      const response = await book(doctorId, madrid(WEDNESDAY, '12:00'), serviceId);
      expect(response.statusCode).toBe(400);
      return response.json().error.fields.serviceId;
    };
    expect(await fieldOf(ana.id, services.phoneOnly)).toBe(ONLINE_SERVICE_MESSAGES.notOnline);
    expect(await fieldOf(ana.id, services.retired)).toBe(ONLINE_SERVICE_MESSAGES.unknown);
    expect(await fieldOf(ana.id, services.elsewhere)).toBe(ONLINE_SERVICE_MESSAGES.otherSpecialty);
    expect(await fieldOf(luis.id, services.long)).toBe(ONLINE_SERVICE_MESSAGES.notPerformed);
  });

  it('lets a paciente book a service from «Pedir cita», refused the same way', async () => {
    const paciente = await t.createUser({ role: 'paciente', displayName: 'Pilar Gómez' });
    const mine = (serviceId: string, doctorId = ana.id, time = '11:00') =>
      t.request({
        method: 'POST',
        url: '/api/me/appointments',
        cookie: paciente.cookie,
        payload: { doctorId, startsAt: madrid(WEDNESDAY, time), serviceId, reason: '' },
      });
    const refused = await mine(services.long, luis.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.serviceId).toBe(ONLINE_SERVICE_MESSAGES.notPerformed);
    const booked = await mine(services.long);
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({
      endsAt: madrid(WEDNESDAY, '11:45'),
      service: { name: 'Primera visita completa', durationMinutes: 45 },
    });

    // Changed to another time, it keeps the service's length.
    const moved = await t.request({
      method: 'POST',
      url: `/api/me/appointments/${booked.json().id}/reschedule`,
      cookie: paciente.cookie,
      payload: { startsAt: madrid(WEDNESDAY, '12:30') },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ startsAt: madrid(WEDNESDAY, '12:30'), endsAt: madrid(WEDNESDAY, '13:15') });
  });
});

describe('a Friday evening near closing', () => {
  it('does not offer a 45-minute service in the last half hour; the doctor’s 30 minutes still fit', async () => {
    clock.freeze('2026-03-06T17:00:00+01:00'); // two hours of notice: the first bookable start is 19:00
    const [plain] = await slotsOf(`doctorId=${ana.id}&from=${FRIDAY}&to=${FRIDAY}`);
    expect(starts(plain!.slots)).toEqual(['19:00', '19:30']);
    const [withService] = await slotsOf(`doctorId=${ana.id}&serviceId=${services.long}&from=${FRIDAY}&to=${FRIDAY}`);
    expect(starts(withService!.slots)).toEqual(['19:00']);

    const late = await book(ana.id, madrid(FRIDAY, '19:30'), services.long);
    expect(late.statusCode).toBe(409);
    expect((await book(ana.id, madrid(FRIDAY, '19:30'))).statusCode).toBe(201);
  });
});
