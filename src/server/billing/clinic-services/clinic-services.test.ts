import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, insertAppointment } from '../../test/fixtures';
import { clock } from '../../platform/clock';

let t: TestApp;
let admin: { cookie: string };
let adminEmail: string;
let specialtyId: string;
let otherSpecialtyId: string;
let doctorId: string;
let otherDoctorId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  adminEmail = (admin as unknown as { email: string }).email;
  ({ id: doctorId, specialtyId } = await createDoctor(t, admin.cookie));
  ({ id: otherDoctorId, specialtyId: otherSpecialtyId } = await createDoctor(t, admin.cookie));
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Primera visita',
  specialtyId,
  doctorIds: [doctorId],
  durationMinutes: 45,
  priceCents: 6000,
  vat: 'exenta',
  bookableOnline: true,
  active: true,
  ...overrides,
});
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, payload, cookie: admin.cookie });

describe('«Servicios y tarifas»', () => {
  it('keeps a note on a service (why it is taxed), empty when none is sent, and refuses a long one in Spanish', async () => {
    const note = 'Con IVA: un certificado para el carné de conducir no es asistencia sanitaria.';
    const taxed = await send('POST', '/api/services', input({ name: 'Certificado de aptitud', vat: '21', note }));
    expect(taxed.statusCode).toBe(201);
    expect(taxed.json()).toMatchObject({ vat: '21', note });
    const edited = await send('PUT', `/api/services/${taxed.json().id}`, input({ name: 'Certificado de aptitud' }));
    expect(edited.json().note).toBe('');
    const long = await send('POST', '/api/services', input({ name: 'Otro certificado', note: 'x'.repeat(501) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ note: 'La nota no puede superar los 500 caracteres' });
  });

  it('creates a service with its price in cents, its VAT treatment and who performs it, and lists it', async () => {
    const created = await send('POST', '/api/services', input());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Primera visita',
      specialtyId,
      durationMinutes: 45,
      priceCents: 6000,
      vat: 'exenta',
      bookableOnline: true,
      active: true,
      appointmentCount: 0,
      doctors: [{ id: doctorId }],
    });
    const list = await t.request({ url: '/api/services', cookie: admin.cookie });
    expect(list.json().map((service: { name: string }) => service.name)).toContain('Primera visita');
  });

  it('refuses, in Spanish and on the field, a doctor of another specialty, a bad price and an unknown VAT rate', async () => {
    const wrongDoctor = await send('POST', '/api/services', input({ name: 'Revisión', doctorIds: [otherDoctorId] }));
    expect(wrongDoctor.statusCode).toBe(400);
    expect(wrongDoctor.json().error.fields).toEqual({
      doctorIds: 'Elige profesionales de la especialidad del servicio',
    });
    const fractional = await send('POST', '/api/services', input({ name: 'Revisión', priceCents: 40.5 }));
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().error.fields.priceCents).toBe('El precio se indica en céntimos enteros');
    const negative = await send('POST', '/api/services', input({ name: 'Revisión', priceCents: -1 }));
    expect(negative.json().error.fields.priceCents).toBe('El precio no puede ser negativo');
    const vat = await send('POST', '/api/services', input({ name: 'Revisión', vat: '7' }));
    expect(vat.statusCode).toBe(400);
    expect(vat.json().error.fields.vat).toBe('Elige el tratamiento del IVA');
    const noSpecialty = await send(
      'POST',
      '/api/services',
      input({ name: 'Revisión', specialtyId: '00000000-0000-4000-8000-000000000000', doctorIds: [] }),
    );
    expect(noSpecialty.json().error.fields).toEqual({ specialtyId: 'La especialidad elegida no existe' });
  });

  it('refuses a second service of the same name in a specialty, not in another', async () => {
    expect((await send('POST', '/api/services', input({ name: 'Ecografía' }))).statusCode).toBe(201);
    const duplicate = await send('POST', '/api/services', input({ name: 'ecografía' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toEqual({
      name: 'Ya existe un servicio con ese nombre en esta especialidad',
    });
    const elsewhere = await send(
      'POST',
      '/api/services',
      input({ name: 'Ecografía', specialtyId: otherSpecialtyId, doctorIds: [otherDoctorId] }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('changes a price and keeps the change, with what it was, in the audit trail', async () => {
    const created = (await send('POST', '/api/services', input({ name: 'Infiltración', priceCents: 7000 }))).json();
    const changed = await send('PUT', `/api/services/${created.id}`, input({ name: 'Infiltración', priceCents: 7500 }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().priceCents).toBe(7500);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'clinic_service'), eq(auditLog.action, 'update'), eq(auditLog.entityId, created.id)),
      );
    expect(entry?.details).toMatchObject({ priceCents: { before: 7000, after: 7500 } });
    expect((await send('PUT', '/api/services/00000000-0000-4000-8000-000000000000', input())).statusCode).toBe(404);
  });

  it('deletes an unused service, and refuses one an appointment names (deactivating it instead)', async () => {
    const unused = (await send('POST', '/api/services', input({ name: 'Certificado médico' }))).json();
    expect((await send('DELETE', `/api/services/${unused.id}`)).statusCode).toBe(204);

    const used = (await send('POST', '/api/services', input({ name: 'Revisión anual' }))).json();
    const patient = await createPatientRecord(t, {
      firstName: 'Sara',
      lastName: 'Servicio',
      email: 'servicio@prueba.test',
      phone: '',
    });
    const appointment = await insertAppointment(t, {
      patientId: patient.id,
      doctorId,
      startsAt: new Date('2030-03-04T09:00:00Z'),
    });
    await t.database.db.update(appointments).set({ serviceId: used.id }).where(eq(appointments.id, appointment.id));
    const refused = await send('DELETE', `/api/services/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'No se puede borrar: hay 1 cita con este servicio. Desactívalo para que no se pueda reservar más.',
    );
    const deactivated = await send('PUT', `/api/services/${used.id}`, input({ name: 'Revisión anual', active: false }));
    expect(deactivated.json()).toMatchObject({ active: false, appointmentCount: 1 });
  });

  it('books a visit at the desk for a service: its length unless told, and only a service the doctor performs', async () => {
    clock.freeze('2026-03-02T08:00:00+01:00');
    admin.cookie = await t.signIn(adminEmail);
    const infiltration = (
      await send('POST', '/api/services', input({ name: 'Infiltración guiada', durationMinutes: 20 }))
    ).json();
    const patient = await createPatientRecord(t, { firstName: 'Rosa', lastName: 'Servicio', email: '', phone: '' });
    const book = (serviceId: string, startsAt: string, doctor = doctorId) =>
      send('POST', '/api/appointments', {
        patientId: patient.id,
        doctorId: doctor,
        startsAt,
        serviceId,
        reason: '',
        channel: 'telefono',
      });
    const booked = await book(infiltration.id, '2026-03-03T09:00:00.000Z');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ serviceId: infiltration.id, endsAt: '2026-03-03T09:20:00.000Z' });

    const elsewhere = await book(infiltration.id, '2026-03-03T10:00:00.000Z', otherDoctorId);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields).toEqual({ serviceId: 'Este profesional no realiza ese servicio' });
    await send(
      'PUT',
      `/api/services/${infiltration.id}`,
      input({ name: 'Infiltración guiada', durationMinutes: 20, active: false }),
    );
    const inactive = await book(infiltration.id, '2026-03-03T11:00:00.000Z');
    expect(inactive.json().error.fields).toEqual({ serviceId: 'Elige un servicio activo de la lista' });
  });
});
