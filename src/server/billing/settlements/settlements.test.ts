import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, auditLog } from '../../platform/db/schema';
import { hashPassword } from '../../identity/auth/passwords';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, insertAppointment } from '../../test/fixtures';

/**
 * Doctors' settlements (issue 36, item 7) through the API, the clock at several moments: October's settlement is
 * refused on its last evening and issued on 2 November; an invoice issued at 00:30 on 1 November (Madrid) is
 * November's although it is still October in UTC; an anulación and a payment after October was settled go in
 * November's; a doctor reads only her own; nothing is counted twice.
 */
let t: TestApp;
type Person = { id: string; email: string; cookie: string };
let admin: Person;
let ana: Person;
let bruno: Person;
let patientId: string;
let consulta: string;
let peeling: string;

async function signedInDoctor(displayName: string) {
  const doctor = await createDoctor(t, admin.cookie, { displayName });
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { id: doctor.id, email: doctor.email, cookie: '', specialtyId: doctor.specialtyId };
}

/** An attended visit with `doctorId`, invoiced (simplified) with the clock at `at`: the invoice's id. */
async function invoicedVisit(doctorId: string, serviceId: string, at: string) {
  clock.freeze(at);
  const visit = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(at) });
  await t.database.db.update(appointments).set({ status: 'atendida', serviceId }).where(eq(appointments.id, visit.id));
  const patient = await t.deps.repos.patients.findById(patientId);
  const issued = await t.deps.invoicing.issue(
    { patientId, appointmentIds: [visit.id], kind: 'simplificada' },
    patient!,
    { actor: { id: admin.id, role: 'admin' }, ip: '127.0.0.1' },
  );
  return issued.id;
}

/** The clock at `at`, everyone signed in again (sessions do not outlive a jump of weeks). */
async function at(moment: string) {
  clock.freeze(moment);
  for (const who of [admin, ana, bruno]) who.cookie = await t.signIn(who.email);
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, payload });

const invoices: Record<string, string> = {};

beforeAll(async () => {
  clock.freeze('2026-10-01T09:00:00+02:00');
  t = await buildTestApp();
  admin = { ...(await t.createUser({ role: 'admin' })), cookie: '' };
  admin.cookie = await t.signIn(admin.email);
  const a = await signedInDoctor('Dra. Ana Liquidada');
  ana = a;
  bruno = await signedInDoctor('Dr. Bruno Asalariado');
  patientId = (
    await createPatientRecord(t, { firstName: 'Lucía', lastName: 'Pago Pérez', email: 'lucia@liq.test', phone: '' })
  ).id;
  await call('PUT', '/api/billing/issuer', admin.cookie, {
    legalName: 'Clínica Norte, S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1, 28013 Madrid',
    registry: '',
  });
  const service = async (name: string, priceCents: number, vat: string) =>
    (
      await call('POST', '/api/services', admin.cookie, {
        name,
        specialtyId: a.specialtyId,
        doctorIds: [],
        durationMinutes: 30,
        priceCents,
        vat,
        bookableOnline: true,
        active: true,
      })
    ).json().id as string;
  consulta = await service('Consulta de revisión', 6_000, 'exenta');
  peeling = await service('Peeling químico', 10_000, '21');

  invoices.early = await invoicedVisit(ana.id, consulta, '2026-10-05T10:00:00+02:00');
  invoices.peeling = await invoicedVisit(ana.id, peeling, '2026-10-10T10:00:00+02:00');
  invoices.bruno = await invoicedVisit(bruno.id, consulta, '2026-10-12T10:00:00+02:00');
  // 00:30 on 1 November in Madrid: 23:30 on 31 October in UTC.
  invoices.midnight = await invoicedVisit(ana.id, consulta, '2026-11-01T00:30:00+01:00');
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('doctors’ settlements', () => {
  it('sets Ana’s rule (40 %, the peeling at 25,00 € per act), audited; refuses a percentage over 100 in Spanish', async () => {
    await at('2026-10-31T20:00:00+01:00');
    const bad = await call('PUT', `/api/settlements/rules/${ana.id}`, admin.cookie, {
      basis: 'facturado',
      percentBp: 10_001,
      insurerPercentBp: null,
      services: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('El porcentaje no puede superar el 100 %');
    const set = await call('PUT', `/api/settlements/rules/${ana.id}`, admin.cookie, {
      basis: 'facturado',
      percentBp: 4_000,
      insurerPercentBp: null,
      services: [{ serviceId: peeling, percentBp: null, amountCents: 2_500 }],
    });
    expect(set.statusCode, set.body).toBe(204);
    const rules = (await call('GET', '/api/settlements/rules', admin.cookie)).json();
    expect(rules.find((row: { doctorId: string }) => row.doctorId === ana.id).rule).toMatchObject({
      basis: 'facturado',
      percentBp: 4_000,
      services: [{ serviceId: peeling, amountCents: 2_500 }],
    });
    expect(rules.find((row: { doctorId: string }) => row.doctorId === bruno.id).rule).toBeNull();
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'settlement_rule'));
    expect(audit).toHaveLength(1);
    expect((await call('GET', '/api/settlements/rules', ana.cookie)).statusCode).toBe(403);
  });

  it('refuses October on its last evening, and a doctor with no rule', async () => {
    const early = await call('POST', '/api/settlements', admin.cookie, { doctorId: ana.id, month: '2026-10' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('El mes aún no ha terminado: se liquida a partir del 1 de noviembre');
    const none = await call('GET', `/api/settlements/draft?doctorId=${bruno.id}&month=2026-10`, admin.cookie);
    expect(none.statusCode).toBe(409);
  });

  it('issues October on 2 November: her two October invoices, not the one of 00:30 on 1 November, not Bruno’s', async () => {
    await at('2026-11-02T19:00:00+01:00');
    const draft = (await call('GET', `/api/settlements/draft?doctorId=${ana.id}&month=2026-10`, admin.cookie)).json();
    expect(draft).toMatchObject({ id: null, countedCents: 16_000, shareCents: 4_900 });
    const issued = await call('POST', '/api/settlements', admin.cookie, { doctorId: ana.id, month: '2026-10' });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(
      issued
        .json()
        .lines.map((line: { day: string; shareCents: number; rule: string }) => [line.day, line.shareCents, line.rule]),
    ).toEqual([
      ['2026-10-05', 2_400, '40 %'],
      ['2026-10-10', 2_500, '25,00\u00a0€ por acto'],
    ]);
    expect(issued.json()).toMatchObject({ countedCents: 16_000, shareCents: 4_900 });
    const again = await call('POST', '/api/settlements', admin.cookie, { doctorId: ana.id, month: '2026-10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Este mes ya está liquidado para este profesional');
  });

  it('puts what happened after October in November: the invoice of 00:30, an anulación of an October invoice', async () => {
    const cancelled = await call('POST', `/api/invoices/${invoices.early}/cancel`, admin.cookie, {
      reason: 'Emitida por error',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await at('2026-12-01T09:00:00+01:00');
    const issued = await call('POST', '/api/settlements', admin.cookie, { doctorId: ana.id, month: '2026-11' });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(
      issued.json().lines.map((line: { source: string; shareCents: number }) => [line.source, line.shareCents]),
    ).toEqual([
      ['factura', 2_400],
      ['anulacion', -2_400],
    ]);
    expect(issued.json().shareCents).toBe(0);
  });

  it('lets Ana read her own settlements and CSV, adding up to the cent; Bruno reads none of hers', async () => {
    const mine = (await call('GET', '/api/settlements', ana.cookie)).json();
    expect(mine.map((row: { month: string; shareCents: number }) => [row.month, row.shareCents])).toEqual([
      ['2026-11', 0],
      ['2026-10', 4_900],
    ]);
    const october = mine[1].id as string;
    const csv = await call('GET', `/api/settlements/${october}/csv`, ana.cookie);
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(';'));
    const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
    const lines = rows.filter((row) => row[5] !== 'Total');
    const total = rows.find((row) => row[5] === 'Total')!;
    expect(lines.reduce((sum, row) => sum + cents(row[11]!), 0)).toBe(cents(total[11]!));
    expect(cents(total[11]!)).toBe(4_900);
    expect((await call('GET', `/api/settlements/${october}`, bruno.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/settlements?doctorId=${ana.id}`, bruno.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/settlements', bruno.cookie)).json()).toEqual([]);
    const clinic = await call('GET', '/api/settlements/csv?month=2026-10', admin.cookie);
    expect(clinic.body).toContain('Dra. Ana Liquidada');
  });

  it('keeps an issued settlement as it was: the database refuses a change', async () => {
    await expect(t.database.db.execute(sql`UPDATE doctor_settlements SET share_cents = 0`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM doctor_settlement_lines`)).rejects.toThrow();
  });

  it('settles on what was collected: half an invoice paid pays half the share, the rest the month it is paid', async () => {
    await call('PUT', `/api/settlements/rules/${bruno.id}`, admin.cookie, {
      basis: 'cobrado',
      percentBp: 5_000,
      insurerPercentBp: null,
      services: [],
    });
    clock.freeze('2026-12-03T10:00:00+01:00');
    admin.cookie = await t.signIn(admin.email);
    const paid = await call('POST', `/api/invoices/${invoices.bruno}/payments`, admin.cookie, {
      method: 'efectivo',
      amountCents: 3_000,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await at('2027-01-04T09:00:00+01:00');
    const december = await call('POST', '/api/settlements', admin.cookie, { doctorId: bruno.id, month: '2026-12' });
    expect(december.statusCode, december.body).toBe(201);
    expect(december.json()).toMatchObject({ basis: 'cobrado', countedCents: 3_000, shareCents: 1_500 });
    expect(december.json().lines[0]).toMatchObject({ source: 'cobro', day: '2026-12-03' });
  });
});
