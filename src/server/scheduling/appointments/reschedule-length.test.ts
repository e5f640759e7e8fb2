import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE } from '../../../common/schemas/appointments';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, insertAppointment } from '../../test/fixtures';
import { NOT_PERFORMED_MESSAGE } from './kept-length';

// Moving an appointment keeps its length: a 60-minute «Infiltración» is offered, and moved to, only gaps of 60.
let t: TestApp;
let admin: { cookie: string };
let ana: { id: string; specialtyId: string };
let luis: { id: string };
let infiltration = '';
let firstVisit = '';

/** Tuesday 3 to Thursday 5 March 2026, in Madrid (UTC+1). */
const TUESDAY = '2026-03-03';
const WEDNESDAY = '2026-03-04';
const THURSDAY = '2026-03-05';
const madrid = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();
const madridTime = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
type Slots = { id: string; slots: { startsAt: string; endsAt: string }[] }[];
const starts = (doctors: Slots) => doctors.flatMap((doctor) => doctor.slots.map((slot) => madridTime(slot.startsAt)));
const allMinutes = (slots: { startsAt: string; endsAt: string }[], minutes: number) =>
  slots.every((slot) => Date.parse(slot.endsAt) - Date.parse(slot.startsAt) === minutes * 60_000);
/** With Ana booked at 09:20 and 10:00 on Thursday, the 60 free minutes start from 10:20 on. */
const THURSDAY_HOURS = ['10:20', '10:40', '11:00', '11:20', '11:40', '12:00', '12:20', '12:40', '13:00'];

let sequence = 0;
const createService = async (overrides: Record<string, unknown>) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/services',
    cookie: admin.cookie,
    payload: {
      name: `Servicio ${++sequence}`,
      specialtyId: ana.specialtyId,
      doctorIds: [ana.id],
      durationMinutes: 60,
      priceCents: 9000,
      vat: 'exenta',
      bookableOnline: true,
      active: true,
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
};

/** The desk books the infiltration at `time` (on Wednesday unless `day` says). */
const deskBooking = async (time: string, day = WEDNESDAY) => {
  const patient = await createPatientRecord(t, { firstName: 'Rosa', lastName: `Lago ${++sequence}`, phone: '600' });
  const response = await t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: admin.cookie,
    payload: {
      patientId: patient.id,
      doctorId: ana.id,
      serviceId: infiltration,
      startsAt: madrid(day, time),
      reason: '',
      channel: 'telefono',
      allowOutsideHours: false,
    },
  });
  expect(response.statusCode).toBe(201);
  expect(Date.parse(response.json().endsAt) - Date.parse(response.json().startsAt)).toBe(60 * 60_000);
  return response.json().id as string;
};

beforeAll(async () => {
  clock.freeze('2026-03-02T09:00:00+01:00'); // Monday morning
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const schedule = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '14:00' }));
  ana = await createDoctor(t, admin.cookie, { appointmentMinutes: 20, schedule });
  luis = await createDoctor(t, admin.cookie, { appointmentMinutes: 20, schedule, specialtyId: ana.specialtyId });
  infiltration = await createService({ name: 'Infiltración', bookableOnline: false });
  firstVisit = await createService({ name: 'Primera visita completa' });
  const other = await createPatientRecord(t, { firstName: 'Marta', lastName: 'Gil', phone: '600111222' });
  for (const time of ['09:20', '10:00']) {
    await insertAppointment(t, {
      patientId: other.id,
      doctorId: ana.id,
      startsAt: new Date(madrid(THURSDAY, time)),
      minutes: 20,
    });
  }
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the desk moves a 60-minute service', () => {
  it('is offered only the gaps where 60 minutes are free, of its doctor', async () => {
    const id = await deskBooking('09:00');
    const response = await t.request({
      method: 'GET',
      url: `/api/appointments/${id}/availability?from=${THURSDAY}&to=${THURSDAY}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const doctors = response.json().doctors as Slots;
    expect(doctors.map((doctor) => doctor.id)).toEqual([ana.id]);
    expect(starts(doctors)).toEqual(THURSDAY_HOURS);
    expect(allMinutes(doctors[0]!.slots, 60)).toBe(true);

    // «Cualquiera de la especialidad»: only the doctors who perform the service (Luis does not).
    const any = await t.request({
      method: 'GET',
      url: `/api/appointments/${id}/availability?from=${THURSDAY}&to=${THURSDAY}&cualquiera=1`,
      cookie: admin.cookie,
    });
    expect((any.json().doctors as Slots).map((doctor) => doctor.id)).toEqual([ana.id]);
  });

  it('its own time does not block it: 30 minutes later is offered, its own start is not', async () => {
    const id = await deskBooking('11:00');
    const response = await t.request({
      method: 'GET',
      url: `/api/appointments/${id}/availability?from=${WEDNESDAY}&to=${WEDNESDAY}`,
      cookie: admin.cookie,
    });
    // Busy: the 09:00 infiltration only. Its own 11:00 is left out; 11:20 overlaps only itself.
    expect(starts(response.json().doctors)).toEqual([
      '10:00',
      '10:20',
      '10:40',
      '11:20',
      '11:40',
      '12:00',
      '12:20',
      '12:40',
      '13:00',
    ]);
  });

  it('refuses a move into a 20-minute gap with the conflict message and fresh slots of 60 minutes', async () => {
    const id = await deskBooking('12:00');
    const response = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${id}`,
      cookie: admin.cookie,
      payload: { startsAt: madrid(THURSDAY, '09:40') },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(SLOT_TAKEN_MESSAGE);
    const fresh = response.json().slots as { startsAt: string; endsAt: string }[];
    expect(fresh.length).toBeGreaterThan(0);
    expect(allMinutes(fresh, 60)).toBe(true);
  });

  it('refuses moving it to a doctor who does not perform the service', async () => {
    const id = await deskBooking('13:00');
    const response = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${id}`,
      cookie: admin.cookie,
      payload: { startsAt: madrid(THURSDAY, '11:00'), doctorId: luis.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.doctorId).toBe(NOT_PERFORMED_MESSAGE);
  });
});

describe('the patient changes a 60-minute service', () => {
  it('by the e-mail link: offered the 60-minute gaps only, and refused a 20-minute one', async () => {
    const id = await deskBooking('10:00', TUESDAY);
    const token = (await t.deps.appointments.manageUrl(id)).split('/cita/')[1]!;
    const offered = await t.request({
      method: 'GET',
      url: `/api/public/bookings/${token}/availability?from=${THURSDAY}&to=${THURSDAY}`,
    });
    expect(offered.statusCode).toBe(200);
    expect(starts(offered.json().doctors)).toEqual(THURSDAY_HOURS);

    const refused = await t.request({
      method: 'POST',
      url: `/api/public/bookings/${token}/reschedule`,
      payload: { startsAt: madrid(THURSDAY, '09:40') },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(SLOT_TAKEN_MESSAGE);
    expect(allMinutes(refused.json().slots, 60)).toBe(true);
  });

  it('from her area: offered the 60-minute gaps of her own appointment only', async () => {
    const paciente = await t.createUser({ role: 'paciente', displayName: 'Pilar Gómez' });
    const booked = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie: paciente.cookie,
      payload: { doctorId: ana.id, startsAt: madrid(TUESDAY, '12:00'), serviceId: firstVisit, reason: '' },
    });
    expect(booked.statusCode).toBe(201);
    const offered = await t.request({
      method: 'GET',
      url: `/api/me/appointments/${booked.json().id}/availability?from=${THURSDAY}&to=${THURSDAY}`,
      cookie: paciente.cookie,
    });
    expect(offered.statusCode).toBe(200);
    expect(starts(offered.json().doctors)).toEqual(THURSDAY_HOURS);
    const stranger = await t.createUser({ role: 'paciente', displayName: 'Otra' });
    const hidden = await t.request({
      method: 'GET',
      url: `/api/me/appointments/${booked.json().id}/availability?from=${THURSDAY}&to=${THURSDAY}`,
      cookie: stranger.cookie,
    });
    expect(hidden.statusCode).toBe(404);
  });
});
