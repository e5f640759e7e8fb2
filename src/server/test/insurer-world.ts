import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { appointments, insurers } from '../platform/db/schema';
import { buildTestApp, type TestApp } from './app';
import { createDoctor, validPatient } from './fixtures';

/**
 * A clinic that works with insurers (decision 0118): Sanitas (asks for authorisations, 5 € copay),
 * Adeslas (no copay) and a mutua carried over without CIF; a consultation at 60 € (Sanitas pays 40 €, Adeslas
 * 35 €), an X-ray at 30 € Sanitas has no tariff for and Adeslas does not cover; Ana (Sanitas), Bea (Adeslas),
 * Carla (none) and Dora (the mutua without CIF).
 */
export interface InsurerWorld {
  t: TestApp;
  admin: { cookie: string; email: string };
  doctorId: string;
  consulta: string;
  rx: string;
  sanitas: string;
  adeslas: string;
  sinCif: string;
  ana: string;
  bea: string;
  carla: string;
  dora: string;
}

export async function buildInsurerWorld(): Promise<InsurerWorld> {
  const t = await buildTestApp();
  const admin = await t.createUser({ role: 'admin' });
  const call = async (method: 'POST' | 'PUT', url: string, payload: object, status = 201) => {
    const response = await t.request({ method, url, payload, cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  await call(
    'PUT',
    '/api/billing/issuer',
    { legalName: 'Clínica Mutuas, S.L.', taxId: 'B12345674', address: 'Calle Mayor 1, 28013 Madrid', registry: '' },
    200,
  );
  const doctor = await createDoctor(t, admin.cookie);
  const service = (name: string, priceCents: number) =>
    call('POST', '/api/services', {
      name,
      specialtyId: doctor.specialtyId,
      doctorIds: [],
      durationMinutes: 30,
      priceCents,
      vat: 'exenta',
      bookableOnline: true,
      active: true,
    }).then((row) => row.id as string);
  const consulta = await service('Consulta', 6000);
  const rx = await service('Radiografía', 3000);
  const insurer = (name: string, taxId: string, requiresAuthorization: boolean, copayCents: number | null) =>
    call('POST', '/api/insurers', {
      name,
      taxId,
      address: 'Paseo de la Castellana 1, 28046 Madrid',
      requiresAuthorization,
      copayCents,
      active: true,
    }).then((row) => row.id as string);
  const sanitas = await insurer('Sanitas', 'A28037042', true, 500);
  const adeslas = await insurer('Adeslas', 'G28333334', false, null);
  await call('PUT', `/api/insurers/${sanitas}/tariffs`, { tariffs: [{ serviceId: consulta, priceCents: 4000 }] }, 200);
  await call(
    'PUT',
    `/api/insurers/${adeslas}/tariffs`,
    {
      tariffs: [
        { serviceId: consulta, priceCents: 3500 },
        { serviceId: rx, priceCents: null },
      ],
    },
    200,
  );
  // A mutua carried over from a record's free text (migration 0046): no CIF yet.
  const [mutua] = await t.database.db.insert(insurers).values({ name: 'Mutua Sin CIF' }).returning();
  await call(
    'PUT',
    `/api/insurers/${mutua!.id}/tariffs`,
    { tariffs: [{ serviceId: consulta, priceCents: 3000 }] },
    200,
  );
  const patient = (firstName: string, documentNumber: string, insurerId: string | null, cardNumber = '') =>
    call('POST', '/api/patients', validPatient({ firstName, documentNumber, insurerId, cardNumber })).then(
      (row) => row.id as string,
    );
  return {
    t,
    admin,
    doctorId: doctor.id,
    consulta,
    rx,
    sanitas,
    adeslas,
    sinCif: mutua!.id,
    ana: await patient('Ana', '12345678Z', sanitas, 'SAN-0012'),
    bea: await patient('Bea', '87654321X', adeslas, 'ADE-77'),
    carla: await patient('Carla', '11111111H', null),
    dora: await patient('Dora', '22222222J', mutua!.id, 'MUT-1'),
  };
}

/** The desk books a visit through the API (outside hours allowed: the times are the test's). */
export function book(
  world: InsurerWorld,
  input: { patientId: string; startsAt: string; serviceId?: string; payer?: object },
) {
  return world.t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: world.admin.cookie,
    payload: {
      patientId: input.patientId,
      doctorId: world.doctorId,
      startsAt: input.startsAt,
      serviceId: input.serviceId ?? world.consulta,
      reason: 'Revisión',
      channel: 'telefono',
      allowOutsideHours: true,
      ...(input.payer && { payer: input.payer }),
    },
  });
}

/** A visit booked and attended (the status written straight: the status rules have their own tests). */
export async function attendedVisit(world: InsurerWorld, input: Parameters<typeof book>[1]) {
  const response = await book(world, input);
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  await world.t.database.db
    .update(appointments)
    .set({ status: 'atendida', arrivedAt: new Date(input.startsAt) })
    .where(eq(appointments.id, id));
  return id;
}
