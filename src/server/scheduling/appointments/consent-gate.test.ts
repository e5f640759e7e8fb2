import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { auditLog } from '../../platform/db/schema';
import { transact } from '../../platform/db/transaction';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, createService, validPatient } from '../../test/fixtures';
import { hashPassword } from '../../identity/auth/passwords';
import { SEES_EVERYTHING } from '../../access/visibility';

/**
 * Consent before the procedure (issue 38, item 4): a visit whose consent is not signed is not marked attended
 * without a recorded reason (urgency, or signed on paper with its scan), audited; after the visit nothing signs it.
 */
let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string; email: string; specialtyId: string };
let doctorCookie: string;
let infiltration: string;
let revision: string;

const MONDAY = '2026-03-02T09:00:00+01:00';
const WEDNESDAY = '2026-03-04';
const madrid = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();
let documents = 0;

async function book(time: string, serviceId: string, day = WEDNESDAY) {
  const patient = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({ documentType: 'pasaporte', documentNumber: `PAS${++documents}ES`, email: '' }),
  });
  const patientId = patient.json().id as string;
  const booked = await t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: admin.cookie,
    payload: {
      patientId,
      doctorId: doctor.id,
      startsAt: madrid(day, time),
      reason: '',
      channel: 'telefono',
      serviceId,
    },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return { id: booked.json().id as string, patientId };
}
const attend = (id: string, time: string, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/appointments/${id}/status`,
    cookie: doctorCookie,
    payload: { status: 'atendida', arrivedAt: madrid(WEDNESDAY, time), ...extra },
  });
async function scanOf(patientId: string) {
  const id = randomUUID();
  await transact(t.database.db, (tx) =>
    t.deps.repos.files.create(
      {
        id,
        patientId,
        type: 'consentimientos',
        name: 'Consentimiento firmado.pdf',
        description: 'Escaneo del papel',
        mime: 'application/pdf',
        size: 10,
        visibleToPatient: false,
        uploadedBy: admin.id,
        createdAt: clock.now(),
      },
      tx,
    ),
  );
  return id;
}
const requestIdOf = async (appointmentId: string) =>
  (await t.deps.repos.consentSigning.visibleTo(SEES_EVERYTHING).ofAppointments([appointmentId]))[0]!.id;

beforeAll(async () => {
  clock.freeze(MONDAY);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie);
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  doctorCookie = await t.signIn(doctor.email);
  infiltration = await createService(t, admin.cookie, { name: 'Infiltración', specialtyId: doctor.specialtyId });
  revision = await createService(t, admin.cookie, { name: 'Revisión', specialtyId: doctor.specialtyId });
  const template = await t.request({
    method: 'POST',
    url: '/api/consent-templates',
    cookie: admin.cookie,
    payload: {
      title: 'Consentimiento para infiltración',
      serviceIds: [infiltration],
      body: 'Una infiltración es la inyección de un medicamento en la articulación.',
      risks: '- Dolor en la zona',
      alternatives: 'Fisioterapia.',
    },
  });
  expect(template.statusCode, template.body).toBe(201);
});
afterEach(() => clock.freeze(MONDAY));
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('consent before the procedure', () => {
  it('«Atendida» with the consent unsigned is refused with its title, then taken with an urgency, audited', async () => {
    const visit = await book('10:00', infiltration);
    clock.freeze(madrid(WEDNESDAY, '10:20'));
    const refused = await attend(visit.id, '10:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CONSENT_REQUIRED');
    expect(refused.json().error.message).toBe(
      'Falta el consentimiento firmado: «Consentimiento para infiltración». Para marcar la visita como atendida, indica por qué se atiende sin él.',
    );
    expect(refused.json().titles).toEqual(['Consentimiento para infiltración']);

    const noNote = await attend(visit.id, '10:00', { consentException: { reason: 'urgencia' } });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields['consentException.note']).toBe('Explica brevemente la urgencia');

    const taken = await attend(visit.id, '10:00', {
      consentException: { reason: 'urgencia', note: 'Dolor agudo: no podía esperar a firmar' },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().status).toBe('atendida');
    const [entry] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, visit.id), eq(auditLog.action, 'status')));
    expect(entry!.details).toMatchObject({
      to: 'atendida',
      consentException: {
        reason: 'urgencia',
        note: 'Dolor agudo: no podía esperar a firmar',
        unsigned: ['Consentimiento para infiltración'],
      },
    });
  });

  it('signed on paper needs the scan, and the scan must be in this patient’s documents', async () => {
    const visit = await book('11:00', infiltration);
    const other = await book('12:00', revision);
    clock.freeze(madrid(WEDNESDAY, '11:25'));
    const noScan = await attend(visit.id, '11:00', { consentException: { reason: 'papel' } });
    expect(noScan.statusCode).toBe(400);
    expect(noScan.json().error.fields['consentException.fileId']).toBe(
      'Adjunta el escaneo del consentimiento firmado en papel',
    );
    const someoneElses = await attend(visit.id, '11:00', {
      consentException: { reason: 'papel', fileId: await scanOf(other.patientId) },
    });
    expect(someoneElses.statusCode).toBe(400);
    expect(someoneElses.json().error.fields.fileId).toBe('Adjunta el escaneo en los documentos de este paciente');
    const scan = await scanOf(visit.patientId);
    const taken = await attend(visit.id, '11:00', { consentException: { reason: 'papel', fileId: scan } });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('a visit that asks for no consent is attended as before; a reason is refused on any other change', async () => {
    const visit = await book('12:30', revision);
    clock.freeze(madrid(WEDNESDAY, '12:50'));
    expect((await attend(visit.id, '12:30')).statusCode).toBe(200);
    const wrong = await t.request({
      method: 'POST',
      url: `/api/appointments/${visit.id}/status`,
      cookie: doctorCookie,
      payload: { status: 'no_asistio', consentException: { reason: 'urgencia', note: 'nada' } },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('once the visit is attended, or its day is over, no link signs its consent', async () => {
    const attended = await book('09:00', infiltration);
    const missed = await book('13:00', infiltration);
    // Before the visit the desk's tablet link is given…
    clock.freeze(madrid(WEDNESDAY, '08:50'));
    const deskLink = await t.request({
      method: 'POST',
      url: `/api/consent-requests/${await requestIdOf(attended.id)}/link`,
      cookie: admin.cookie,
    });
    expect(deskLink.statusCode, deskLink.body).toBe(200);
    const token = (deskLink.json().url as string).split('/consentimiento/')[1]!;
    expect((await t.request({ method: 'GET', url: `/api/consentimientos/${token}` })).statusCode).toBe(200);

    clock.freeze(madrid(WEDNESDAY, '09:20'));
    expect(
      (await attend(attended.id, '09:00', { consentException: { reason: 'urgencia', note: 'Sin tiempo' } })).statusCode,
    ).toBe(200);
    // …and after it, the same link is closed and no new one is given.
    const closed = await t.request({ method: 'GET', url: `/api/consentimientos/${token}` });
    expect(closed.statusCode).toBe(410);
    expect(closed.json().error.message).toContain('La visita de este consentimiento ya ha pasado');
    const again = await t.request({
      method: 'POST',
      url: `/api/consent-requests/${await requestIdOf(attended.id)}/link`,
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(409);

    // A visit nobody marked: its consent signs during its day, not the day after.
    clock.freeze(madrid(WEDNESDAY, '20:00'));
    const late = await t.request({
      method: 'POST',
      url: `/api/consent-requests/${await requestIdOf(missed.id)}/link`,
      cookie: admin.cookie,
    });
    expect(late.statusCode).toBe(200);
    clock.freeze(madrid('2026-03-05', '08:00'));
    const nextDay = await t.request({
      method: 'POST',
      url: `/api/consent-requests/${await requestIdOf(missed.id)}/link`,
      cookie: admin.cookie,
    });
    expect(nextDay.statusCode).toBe(409);
  });
});
