import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, auditLog } from '../../platform/db/schema';
import { hashPassword } from '../../identity/auth/passwords';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, insertAppointment } from '../../test/fixtures';

/**
 * «Mi producción» and the revenue by month (issue 23, items 6 and 8), with the clock fixed at a December evening
 * and then a January morning: the default period is the clinic's month, a visit just after midnight belongs to
 * the day it is in Madrid, and a cancelled invoice counts for nothing (its visit is left to invoice again).
 */
let t: TestApp;
type Person = { id: string; email: string; cookie: string };
let admin: Person;
let doctorA: Person;
let doctorB: Person;
let patientId: string;
let consultaId: string;
let peelingId: string;
const invoiceOf: Record<string, string> = {};

const CONSULTA = 6000;
const PEELING = 12100;
const PEELING_TAX = 2541;

/** An attended visit of the patient with `doctorId`, booked for `serviceId`. */
async function attended(doctorId: string, startsAt: string, serviceId: string, status = 'atendida') {
  const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(startsAt) });
  await t.database.db
    .update(appointments)
    .set({ status: status as 'atendida', serviceId })
    .where(eq(appointments.id, row.id));
  return row.id;
}

/** Invoices one visit (a simplified invoice) with the clock at `at`, as the desk's «Facturar» does. */
async function invoice(visit: string, at: string) {
  clock.freeze(at);
  const patient = await t.deps.repos.patients.findById(patientId);
  const issued = await t.deps.invoicing.issue({ patientId, appointmentIds: [visit], kind: 'simplificada' }, patient!, {
    actor: { id: admin.id, role: 'admin' },
    ip: '127.0.0.1',
  });
  invoiceOf[visit] = issued.id;
}

/** Sessions do not live a year: each moment of the clock signs everyone in again. */
async function signInAgain() {
  for (const who of [admin, doctorA, doctorB]) who.cookie = await t.signIn(who.email);
}

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie });

async function signedInDoctor(displayName: string) {
  const doctor = await createDoctor(t, admin.cookie, { displayName });
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { id: doctor.id, email: doctor.email, cookie: await t.signIn(doctor.email), specialtyId: doctor.specialtyId };
}

const visits: Record<string, string> = {};

beforeAll(async () => {
  clock.freeze('2025-12-01T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const a = await signedInDoctor('Dra. Amparo Producción');
  doctorA = a;
  doctorB = await signedInDoctor('Dr. Bruno Producción');
  patientId = (
    await createPatientRecord(t, {
      firstName: 'Lucía',
      lastName: 'Caja Pérez',
      email: 'lucia@produccion.test',
      phone: '',
    })
  ).id;
  await t.request({
    method: 'PUT',
    url: '/api/billing/issuer',
    cookie: admin.cookie,
    payload: {
      legalName: 'Clínica Norte, S.L.',
      taxId: 'B12345674',
      address: 'Calle Mayor 1, 28013 Madrid',
      registry: '',
    },
  });
  const service = async (name: string, priceCents: number, vat: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/services',
        cookie: admin.cookie,
        payload: {
          name,
          specialtyId: a.specialtyId,
          doctorIds: [],
          durationMinutes: 30,
          priceCents,
          vat,
          bookableOnline: true,
          active: true,
        },
      })
    ).json().id as string;
  consultaId = await service('Consulta de revisión', CONSULTA, 'exenta');
  peelingId = await service('Peeling químico', PEELING, '21');

  // A year ago: outside the last twelve months once it is January 2027.
  visits.lastYear = await attended(doctorA.id, '2025-12-30T10:00:00+01:00', consultaId);
  await invoice(visits.lastYear, '2025-12-30T11:00:00+01:00');
  // December 2026: invoiced, invoiced then cancelled, left to invoice, not attended; and doctor B's.
  visits.early = await attended(doctorA.id, '2026-12-01T09:00:00+01:00', consultaId);
  await invoice(visits.early, '2026-12-01T10:00:00+01:00');
  visits.cancelled = await attended(doctorA.id, '2026-12-15T09:00:00+01:00', consultaId);
  await invoice(visits.cancelled, '2026-12-15T10:00:00+01:00');
  visits.pending = await attended(doctorA.id, '2026-12-20T09:00:00+01:00', consultaId);
  visits.noShow = await attended(doctorA.id, '2026-12-21T09:00:00+01:00', consultaId, 'no_asistio');
  visits.ofB = await attended(doctorB.id, '2026-12-10T09:00:00+01:00', consultaId);
  await invoice(visits.ofB, '2026-12-10T10:00:00+01:00');
  visits.peeling = await attended(doctorA.id, '2026-12-31T13:00:00+01:00', peelingId);
  // Issued on the year's last evening (21:30 UTC): still December in Madrid.
  await invoice(visits.peeling, '2026-12-31T22:30:00+01:00');
}, 120_000);

afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('a December evening (31 December 2026, 22:45 in Madrid)', () => {
  beforeAll(async () => {
    clock.freeze('2026-12-31T22:45:00+01:00');
    await signInAgain();
  });

  it('gives a doctor her production of this month by default: per service, invoiced and left to invoice', async () => {
    const response = await get('/api/billing/production', doctorA.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      doctorId: doctorA.id,
      doctorName: 'Dra. Amparo Producción',
      from: '2026-12-01',
      to: '2026-12-31',
      timeZone: 'Europe/Madrid',
    });
    expect(body.services).toEqual([
      {
        serviceId: peelingId,
        serviceName: 'Peeling químico',
        performed: 1,
        invoiced: 1,
        baseCents: PEELING,
        taxCents: PEELING_TAX,
        totalCents: PEELING + PEELING_TAX,
        pending: 0,
      },
      {
        serviceId: consultaId,
        serviceName: 'Consulta de revisión',
        performed: 3,
        invoiced: 2,
        baseCents: 2 * CONSULTA,
        taxCents: 0,
        totalCents: 2 * CONSULTA,
        pending: 1,
      },
    ]);
    expect(body.pendingVisits).toEqual([
      expect.objectContaining({ appointmentId: visits.pending, patientName: 'Lucía Caja Pérez' }),
    ]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'production'));
    expect(entry).toMatchObject({ action: 'read', entityId: doctorA.id });
  });

  it('gives the desk any doctor’s production, or the whole clinic’s without a doctor', async () => {
    const ofB = (await get(`/api/billing/production?doctorId=${doctorB.id}`, admin.cookie)).json();
    expect(ofB.doctorName).toBe('Dr. Bruno Producción');
    expect(ofB.totals).toEqual({
      performed: 1,
      invoiced: 1,
      baseCents: CONSULTA,
      taxCents: 0,
      totalCents: CONSULTA,
      pending: 0,
    });
    const clinic = (await get('/api/billing/production', admin.cookie)).json();
    expect(clinic.doctorId).toBeNull();
    expect(clinic.totals).toMatchObject({ performed: 5, invoiced: 4, pending: 1 });
  });

  it('refuses a doctor another doctor’s production as not found, and a visitor or a paciente', async () => {
    const asked = await get(`/api/billing/production?doctorId=${doctorB.id}`, doctorA.cookie);
    expect(asked.statusCode).toBe(404);
    expect(asked.json().error.message).toBe('Profesional no encontrado');
    expect(asked.body).not.toContain('Bruno');
    const own = await get(`/api/billing/production?doctorId=${doctorA.id}`, doctorA.cookie);
    expect(own.statusCode).toBe(200);
    const paciente = await t.createUser({ role: 'paciente' });
    expect((await get('/api/billing/production', paciente.cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/billing/production' })).statusCode).toBe(401);
  });

  it('answers a bad period in Spanish, never a 500', async () => {
    const cases: [string, string][] = [
      ['?from=2026-12-31&to=2026-12-01', 'La fecha «desde» no puede ser posterior a «hasta»'],
      ['?from=2026-12-01', 'Indica las dos fechas del periodo, o ninguna para este mes'],
      ['?from=2024-01-01&to=2026-12-31', 'El periodo no puede superar los dos años'],
      ['?from=2026-02-30&to=2026-03-01', 'Fecha «desde» no válida'],
      ['?from=2026-12-01&to=2026-12-31&doctorId=nadie', 'Profesional no válido'],
      ['?periodo=mes', 'Campo no permitido: periodo'],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/billing/production${query}`, doctorA.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBe(message);
    }
    const unknown = await get('/api/billing/production?doctorId=00000000-0000-4000-8000-000000000000', admin.cookie);
    expect(unknown.statusCode).toBe(404);
  });

  it('gives the desk the revenue of the last twelve months by date of issue, December included', async () => {
    const response = await get('/api/billing/revenue', admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { months } = response.json();
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({
      month: '2026-01',
      issued: 0,
      issuedCents: 0,
      cancelled: 0,
      cancelledCents: 0,
      netCents: 0,
    });
    expect(months[11]).toEqual({
      month: '2026-12',
      issued: 4,
      issuedCents: 3 * CONSULTA + PEELING + PEELING_TAX,
      cancelled: 0,
      cancelledCents: 0,
      netCents: 3 * CONSULTA + PEELING + PEELING_TAX,
    });
    expect((await get('/api/billing/revenue', doctorA.cookie)).statusCode).toBe(403);
    const bad = await get('/api/billing/revenue?months=30', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Como máximo 24 meses');
  });
});

describe('a January morning (1 January 2027, 00:30 in Madrid — still 31 December in UTC)', () => {
  beforeAll(async () => {
    // A visit just after midnight, then the desk cancels December's invoice in January.
    visits.newYear = await attended(doctorA.id, '2027-01-01T00:15:00+01:00', consultaId);
    clock.freeze('2027-01-01T00:30:00+01:00');
    await signInAgain();
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/invoices/${invoiceOf[visits.cancelled!]}/cancel`,
      cookie: admin.cookie,
      payload: { reason: 'Emitida a otro paciente por error' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('gives this month by the clinic’s calendar: January, with the visit after midnight', async () => {
    const body = (await get('/api/billing/production', doctorA.cookie)).json();
    expect(body).toMatchObject({ from: '2027-01-01', to: '2027-01-31' });
    expect(body.totals).toEqual({ performed: 1, invoiced: 0, baseCents: 0, taxCents: 0, totalCents: 0, pending: 1 });
    expect(body.pendingVisits.map((visit: { appointmentId: string }) => visit.appointmentId)).toEqual([visits.newYear]);
  });

  it('counts a cancelled invoice’s visit as left to invoice again, in the month of the visit', async () => {
    const body = (await get('/api/billing/production?from=2026-12-01&to=2026-12-31', doctorA.cookie)).json();
    expect(body.totals).toEqual({
      performed: 4,
      invoiced: 2,
      baseCents: CONSULTA + PEELING,
      taxCents: PEELING_TAX,
      totalCents: CONSULTA + PEELING + PEELING_TAX,
      pending: 2,
    });
    expect(body.pendingVisits.map((visit: { appointmentId: string }) => visit.appointmentId)).toEqual([
      visits.cancelled,
      visits.pending,
    ]);
  });

  it('takes the cancelled invoice off December’s revenue, by its date of issue, and ends the year at January', async () => {
    const { months } = (await get('/api/billing/revenue', admin.cookie)).json();
    expect(months.map((month: { month: string }) => month.month)).toEqual([
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(months[10]).toEqual({
      month: '2026-12',
      issued: 4,
      issuedCents: 3 * CONSULTA + PEELING + PEELING_TAX,
      cancelled: 1,
      cancelledCents: CONSULTA,
      netCents: 2 * CONSULTA + PEELING + PEELING_TAX,
    });
    expect(months[11]).toMatchObject({ month: '2027-01', issued: 0, netCents: 0 });
    const two = (await get('/api/billing/revenue?months=14', admin.cookie)).json().months;
    expect(two[0]).toMatchObject({ month: '2025-12', issued: 1, netCents: CONSULTA });
  });
});
