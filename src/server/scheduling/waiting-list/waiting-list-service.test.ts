import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WAITING_SERVICE_MESSAGES } from '../../../common/schemas/waiting-list';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, validPatient } from '../../test/fixtures';

// A waiting entry may name a service: offers of its length only, and the appointment booked from one names it.
/** Monday 2 March 2026, 09:00 in Madrid; the doctors below see patients on Wednesday the 4th, 09:00–11:00. */
const NOW = '2026-03-02T09:00:00+01:00';
const wednesday = (time: string) => new Date(`2026-03-04T${time}:00+01:00`).toISOString();
const wish = { fromDate: '2026-03-03', toDate: '2026-03-06' };

let t: TestApp;
let admin: { id: string; cookie: string };
let specialtyId = '';
let otherSpecialtyId = '';
const services = { infiltration: '', longVisit: '', retired: '', elsewhere: '', onlyLuis: '' };
let counter = 0;

async function patient(name: string) {
  const n = ++counter;
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({
      firstName: name,
      lastName: `Espera ${n}`,
      documentType: null,
      documentNumber: null,
      email: `${name.toLowerCase()}.${n}@servicio.test`,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, email: `${name.toLowerCase()}.${n}@servicio.test` };
}

async function createService(overrides: Record<string, unknown>) {
  const response = await t.request({
    method: 'POST',
    url: '/api/services',
    cookie: admin.cookie,
    payload: {
      name: `Servicio ${++counter}`,
      specialtyId,
      doctorIds: [],
      durationMinutes: 60,
      priceCents: 9000,
      vat: 'exenta',
      bookableOnline: true,
      active: true,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A doctor of 20-minute visits on Wednesdays 09:00–11:00, booked at every `times` (20 minutes each). */
async function bookedDoctor(times: string[]) {
  const doctor = await createDoctor(t, admin.cookie, {
    specialtyId,
    appointmentMinutes: 20,
    schedule: [{ weekday: 3, start: '09:00', end: '11:00' }],
  });
  const holder = await patient('Titular');
  const booked: Record<string, string> = {};
  for (const time of times) {
    const response = await t.request({
      method: 'POST',
      url: '/api/appointments',
      cookie: admin.cookie,
      payload: {
        patientId: holder.id,
        doctorId: doctor.id,
        startsAt: wednesday(time),
        reason: '',
        channel: 'telefono',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    booked[time] = response.json().id;
  }
  return { doctor, booked };
}

/** The desk puts a patient on the list for a doctor, with or without a service. */
async function join(doctorId: string, name: string, serviceId?: string) {
  const person = await patient(name);
  const response = await t.request({
    method: 'POST',
    url: '/api/waiting-list',
    cookie: admin.cookie,
    payload: { patientId: person.id, doctorId, ...wish, ...(serviceId ? { serviceId } : {}) },
  });
  expect(response.statusCode, response.body).toBe(201);
  clock.advance(1000);
  return { ...person, entryId: response.json().id as string, entry: response.json() };
}

const cancel = async (id: string) => {
  const response = await t.request({
    method: 'POST',
    url: `/api/appointments/${id}/status`,
    cookie: admin.cookie,
    payload: { status: 'cancelada', reason: 'Avisa por teléfono' },
  });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const first = await createDoctor(t, admin.cookie);
  specialtyId = first.specialtyId;
  const luis = await createDoctor(t, admin.cookie, { specialtyId });
  otherSpecialtyId = (await createDoctor(t, admin.cookie)).specialtyId;
  services.infiltration = await createService({ name: 'Infiltración', bookableOnline: false });
  services.longVisit = await createService({ name: 'Revisión larga', durationMinutes: 40 });
  services.retired = await createService({ name: 'Revisión antigua', active: false });
  services.elsewhere = await createService({ name: 'Otra cosa', specialtyId: otherSpecialtyId });
  services.onlyLuis = await createService({ name: 'Ecografía', doctorIds: [luis.id] });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(async () => {
  clock.freeze(NOW);
  await t.deliverMail();
  t.mailer.sent.length = 0;
});

describe('joining the waiting list for a service', () => {
  it('the desk may name any active service; the list shows it with its length', async () => {
    const { doctor } = await bookedDoctor([]);
    const { entry } = await join(doctor.id, 'Rosa', services.infiltration);
    expect(entry).toMatchObject({ serviceId: services.infiltration, serviceName: 'Infiltración', serviceMinutes: 60 });
    const { entry: plain } = await join(doctor.id, 'Luisa');
    expect(plain).toMatchObject({ serviceId: null, serviceName: null, serviceMinutes: null });
  });

  it('refuses on the field, in Spanish, a service unknown, inactive, of another specialty or not performed', async () => {
    const { doctor } = await bookedDoctor([]);
    const person = await patient('Marta');
    const fieldOf = async (serviceId: string, target: Record<string, string> = { doctorId: doctor.id }) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/waiting-list',
        cookie: admin.cookie,
        payload: { patientId: person.id, ...target, ...wish, serviceId },
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().error.fields.serviceId;
    };
    expect(await fieldOf('no-es-un-id')).toBe(WAITING_SERVICE_MESSAGES.unknown);
    expect(await fieldOf('00000000-0000-4000-8000-000000000000')).toBe(WAITING_SERVICE_MESSAGES.unknown);
    expect(await fieldOf(services.retired)).toBe(WAITING_SERVICE_MESSAGES.unknown);
    expect(await fieldOf(services.elsewhere)).toBe(WAITING_SERVICE_MESSAGES.otherSpecialty);
    expect(await fieldOf(services.elsewhere, { specialtyId })).toBe(WAITING_SERVICE_MESSAGES.otherSpecialty);
    expect(await fieldOf(services.onlyLuis)).toBe(WAITING_SERVICE_MESSAGES.notPerformed);
  });

  it('a visitor or a paciente may name only a service bookable online', async () => {
    const { doctor } = await bookedDoctor([]);
    const visitor = {
      doctorId: doctor.id,
      ...wish,
      firstName: 'Ana',
      lastName: 'Visitante',
      email: 'ana@servicio.test',
      phone: '+34 600 123 123',
      acceptPrivacy: true,
    };
    const refused = await t.request({
      method: 'POST',
      url: '/api/public/waiting-list',
      payload: { ...visitor, serviceId: services.infiltration },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.serviceId).toBe(WAITING_SERVICE_MESSAGES.notOnline);
    const joined = await t.request({
      method: 'POST',
      url: '/api/public/waiting-list',
      payload: { ...visitor, serviceId: services.longVisit },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().wish.serviceName).toBe('Revisión larga');

    const paciente = await t.createUser({ role: 'paciente', displayName: 'Pedro Paciente' });
    const mine = (serviceId: string) =>
      t.request({
        method: 'POST',
        url: '/api/me/waiting-list',
        cookie: paciente.cookie,
        payload: { doctorId: doctor.id, ...wish, serviceId },
      });
    const notOnline = await mine(services.infiltration);
    expect(notOnline.statusCode).toBe(400);
    expect(notOnline.json().error.fields.serviceId).toBe(WAITING_SERVICE_MESSAGES.notOnline);
    const own = await mine(services.longVisit);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ serviceName: 'Revisión larga', serviceMinutes: 40, channel: 'area' });
  });
});

describe('offers of the service’s length', () => {
  it('a freed 20-minute gap goes to the wish without a service, never to the 60-minute one', async () => {
    const { doctor, booked } = await bookedDoctor(['09:00', '09:20', '09:40', '10:00', '10:20', '10:40']);
    const long = await join(doctor.id, 'Larga', services.infiltration);
    const plain = await join(doctor.id, 'Corta');
    await cancel(booked['09:20']!);
    expect(await t.deps.repos.waitingList.offersOf(long.entryId)).toEqual([]);
    const [offer] = await t.deps.repos.waitingList.offersOf(plain.entryId);
    expect(offer).toMatchObject({ startsAt: new Date(wednesday('09:20')), endsAt: new Date(wednesday('09:40')) });
  });

  it('a freed hour is offered as a 60-minute slot, and the appointment booked from it names the service', async () => {
    const { doctor, booked } = await bookedDoctor(['09:00', '09:20', '09:40', '10:00', '10:20', '10:40']);
    const long = await join(doctor.id, 'Larga', services.infiltration);
    for (const time of ['09:00', '09:20', '09:40']) await cancel(booked[time]!);
    const offers = await t.deps.repos.waitingList.offersOf(long.entryId);
    expect(offers.map((offer) => [offer.startsAt.toISOString(), offer.endsAt.toISOString()])).toEqual([
      [wednesday('09:00'), wednesday('10:00')],
    ]);

    await t.deliverHeldMail();
    const mail = t.mailer.sent.find((sent) => sent.to === long.email && sent.subject.startsWith('Se ha liberado'));
    // The e-mail says what the hour is for: the slot is of the service's length.
    expect(mail!.text).toContain('Servicio: Infiltración (60 min)');
    expect(mail!.html).toContain('Infiltración (60 min)');
    const token = /\/lista-de-espera\/([\w-]+)/.exec(mail!.text)![1]!;
    // The offer's page names it too, before and after booking.
    const shown = await t.request({ method: 'GET', url: `/api/public/waiting-list/offers/${token}` });
    expect(shown.json()).toMatchObject({ state: 'abierta', serviceName: 'Infiltración' });
    const accepted = await t.request({ method: 'POST', url: `/api/public/waiting-list/offers/${token}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'aceptada',
      startsAt: wednesday('09:00'),
      endsAt: wednesday('10:00'),
      serviceName: 'Infiltración',
    });
    const [entry] = (
      (await t.request({ method: 'GET', url: '/api/waiting-list', cookie: admin.cookie })).json() as {
        id: string;
        appointmentId: string | null;
      }[]
    ).filter((item) => item.id === long.entryId);
    const appointment = await t.deps.repos.appointments.findView(entry!.appointmentId!);
    expect(appointment).toMatchObject({
      serviceId: services.infiltration,
      startsAt: new Date(wednesday('09:00')),
      endsAt: new Date(wednesday('10:00')),
    });
  });
});
