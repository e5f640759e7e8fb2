import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, packSessions, patients, verifactuRecords } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createService, insertAppointment } from '../../test/fixtures';
import type { PatientPack } from '../../../common/schemas/packs';

/**
 * Session packs (issue 36, item 3): the sale issues its invoice, each attended visit of the service uses one session
 * once («Bono 3/10», never invoiced again), expiry by the clinic's date, the refund of what was not used by a
 * rectifying invoice, to the cent, and two visits racing for the last session.
 */
let t: TestApp;
let admin: { email: string; cookie: string };
let patientId: string;
let doctorId: string;
let physioId: string;
let peelingId: string;

/** The desk's request; its session is signed in again when the clock has moved past it (weeks between visits). */
async function request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.request({ method, url, payload, cookie: admin.cookie });
  if (response.statusCode !== 401) return response;
  admin.cookie = await t.signIn(admin.email);
  return t.request({ method, url, payload, cookie: admin.cookie });
}

async function product(serviceId: string, sessions: number, priceCents: number, validityMonths: number | null) {
  const response = await request('POST', '/api/pack-products', {
    serviceId,
    sessions,
    priceCents,
    validityMonths,
    active: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function sell(productId: string, kind: 'simplificada' | 'completa' = 'simplificada') {
  const response = await request('POST', `/api/patients/${patientId}/packs`, { productId, kind });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { packId: string; invoiceId: string; invoiceNumber: string };
}

const packs = async () => (await request('GET', `/api/patients/${patientId}/packs`)).json() as PatientPack[];
const packOf = async (id: string) => (await packs()).find((pack) => pack.id === id)!;

/** A visit of `serviceId` at `at` (Madrid), attended through the API with the clock just after it. */
async function attend(at: string, serviceId = physioId) {
  const startsAt = new Date(at);
  const row = await insertAppointment(t, { patientId, doctorId, startsAt });
  await t.database.db.update(appointments).set({ serviceId }).where(eq(appointments.id, row.id));
  clock.freeze(new Date(startsAt.getTime() + 50 * 60_000));
  const response = await request('POST', `/api/appointments/${row.id}/status`, {
    status: 'atendida',
    arrivedAt: startsAt.toISOString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return row.id;
}

const markOf = async (appointmentId: string) =>
  (await request('GET', `/api/invoices/of-appointments?ids=${appointmentId}`)).json().packSessions as {
    number: number;
    sessions: number;
  }[];

const billable = async () =>
  ((await request('GET', `/api/patients/${patientId}/billable-visits`)).json() as { id: string }[]).map(
    (visit) => visit.id,
  );

beforeAll(async () => {
  clock.freeze('2026-03-02T10:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const doctor = await createDoctor(t, admin.cookie);
  doctorId = doctor.id;
  const account = await t.createUser({ role: 'paciente', email: 'lucia@bonos.test' });
  const [record] = await t.database.db
    .update(patients)
    .set({
      firstName: 'Lucía',
      lastName: 'Bono',
      documentType: 'dni',
      documentNumber: '12345678Z',
      address: 'Calle del Pez 3, 28004 Madrid',
    })
    .where(eq(patients.accountId, account.id))
    .returning();
  patientId = record!.id;
  physioId = await createService(t, admin.cookie, {
    specialtyId: doctor.specialtyId,
    name: 'Fisioterapia',
    priceCents: 4000,
  });
  peelingId = await createService(t, admin.cookie, {
    specialtyId: doctor.specialtyId,
    name: 'Peeling',
    priceCents: 5000,
    vat: '21',
  });
  const issuer = await request('PUT', '/api/billing/issuer', {
    legalName: 'Clínica de Bonos, S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1, 28013 Madrid',
    registry: '',
  });
  expect(issuer.statusCode, issuer.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

describe('session packs', () => {
  let tenId: string;
  let tenPack: string;
  const visits: string[] = [];

  it('sells a pack with its invoice at purchase: one line, its VERI*FACTU record, its expiry', async () => {
    clock.freeze('2026-03-02T10:00:00+01:00');
    tenId = await product(physioId, 10, 35_000, 3);
    const sale = await sell(tenId);
    tenPack = sale.packId;
    const invoice = (await request('GET', `/api/invoices/${sale.invoiceId}`)).json();
    expect(invoice.number).toBe(sale.invoiceNumber);
    expect(invoice.type).toBe('F2');
    expect(invoice.lines.map((line: { description: string }) => line.description)).toEqual([
      'Bono 10 sesiones · Fisioterapia',
    ]);
    expect(invoice.totalCents).toBe(35_000);
    const records = await t.database.db
      .select({ kind: verifactuRecords.kind })
      .from(verifactuRecords)
      .where(eq(verifactuRecords.invoiceId, sale.invoiceId));
    expect(records).toEqual([{ kind: 'alta' }]);
    const pack = await packOf(tenPack);
    expect(pack).toMatchObject({ state: 'activo', used: 0, sessions: 10, purchasedOn: '2026-03-02' });
    expect(pack.expiresOn).toBe('2026-06-02');
  });

  it('uses one session per attended visit: the third shows «3/10» and is not invoiced again', async () => {
    visits.push(await attend('2026-03-03T10:00:00+01:00'));
    visits.push(await attend('2026-03-10T18:00:00+01:00'));
    visits.push(await attend('2026-03-17T19:30:00+01:00'));
    expect(await markOf(visits[2]!)).toEqual([{ appointmentId: visits[2], packId: tenPack, number: 3, sessions: 10 }]);
    expect((await packOf(tenPack)).used).toBe(3);
    expect(await billable()).not.toContain(visits[2]);
    const invoiced = await request('POST', '/api/invoices', {
      patientId,
      appointmentIds: [visits[2]],
      kind: 'simplificada',
    });
    expect(invoiced.statusCode).toBe(409);
    expect(invoiced.json().error.message).toBe(
      'La cita del 17 de marzo está cubierta por una sesión de un bono: no se factura.',
    );
  });

  it('a visit uses a session at most once, and the database refuses a second', async () => {
    const { syncVisitSession } = await import('./service');
    await t.write((tx) => syncVisitSession(t.deps, tx, visits[0]!));
    expect((await packOf(tenPack)).used).toBe(3);
    const [first] = await t.database.db.select().from(packSessions).where(eq(packSessions.appointmentId, visits[0]!));
    await expect(t.database.db.insert(packSessions).values({ ...first!, id: undefined, number: 9 })).rejects.toThrow();
  });

  it('undoing the attendance gives the session back', async () => {
    const visit = await attend('2026-03-24T11:00:00+01:00');
    expect(await markOf(visit)).toMatchObject([{ number: 4 }]);
    const undone = await request('POST', `/api/appointments/${visit}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await markOf(visit)).toEqual([]);
    expect((await packOf(tenPack)).used).toBe(3);
  });

  it('expiry by the clinic’s date: the last day in the evening uses it, the day after does not', async () => {
    // 2 June 2026, 21:30 in Madrid (19:30 UTC): the pack's last day.
    const lastDay = await attend('2026-06-02T21:30:00+02:00');
    expect(await markOf(lastDay)).toMatchObject([{ number: 4 }]);
    // 3 June at 00:30 in Madrid is still 2 June in UTC: by the clinic's date the pack has expired.
    const dayAfter = await attend('2026-06-03T00:30:00+02:00');
    expect(await markOf(dayAfter)).toEqual([]);
    expect(await billable()).toContain(dayAfter);
    clock.freeze('2026-06-03T09:00:00+02:00');
    expect((await packOf(tenPack)).state).toBe('caducado');
  });

  it('refunds the unused sessions by a rectifying invoice to the cent, and closes the pack', async () => {
    clock.freeze('2026-06-04T10:00:00+02:00');
    const pack = await packOf(tenPack);
    expect(pack.refundableCents).toBe(21_000);
    const refund = await request('POST', `/api/patients/${patientId}/packs/${tenPack}/refund`);
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({ unusedSessions: 6, refundCents: 21_000 });
    const invoice = (await request('GET', `/api/invoices/${refund.json().invoiceId}`)).json();
    expect(invoice.type).toBe('R5');
    expect(invoice.totalCents).toBe(-21_000);
    const closed = await packOf(tenPack);
    expect(closed.state).toBe('devuelto');
    expect(closed.refund).toMatchObject({ unusedSessions: 6, refundCents: 21_000 });
    const again = await request('POST', `/api/patients/${patientId}/packs/${tenPack}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Este bono ya se devolvió: está cerrado.');
  });

  it('a refund with VAT rounds the price per session down to the cent, and the VAT as the record does', async () => {
    clock.freeze('2026-07-01T10:00:00+02:00');
    const peeling = await product(peelingId, 3, 10_000, null);
    const sale = await sell(peeling, 'completa');
    await attend('2026-07-01T12:00:00+02:00', peelingId);
    const refund = await request('POST', `/api/patients/${patientId}/packs/${sale.packId}/refund`);
    expect(refund.statusCode, refund.body).toBe(201);
    // 2 of 3 sessions of 100,00 €: 66,666… € → 66,66 € (the clinic keeps the fraction), and its 21 % VAT, 14,00 €.
    expect(refund.json().refundCents).toBe(6666);
    const invoice = (await request('GET', `/api/invoices/${refund.json().invoiceId}`)).json();
    expect(invoice.type).toBe('R1');
    expect([invoice.baseCents, invoice.taxCents, invoice.totalCents]).toEqual([-6666, -1400, -8066]);
  });

  it('two visits at once for the last session: one uses it, the other is invoiced', async () => {
    clock.freeze('2026-08-03T09:00:00+02:00');
    const two = await product(physioId, 2, 8000, null);
    const sale = await sell(two);
    await attend('2026-08-03T09:00:00+02:00');
    const make = async (at: string) => {
      const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(at) });
      await t.database.db.update(appointments).set({ serviceId: physioId }).where(eq(appointments.id, row.id));
      return row.id;
    };
    const [a, b] = [await make('2026-08-03T10:00:00+02:00'), await make('2026-08-03T10:30:00+02:00')];
    clock.freeze('2026-08-03T11:00:00+02:00');
    const arrivedAt = new Date('2026-08-03T10:00:00+02:00').toISOString();
    const answers = await Promise.all(
      [a, b].map((id) => request('POST', `/api/appointments/${id}/status`, { status: 'atendida', arrivedAt })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const marks = [...(await markOf(a!)), ...(await markOf(b!))];
    expect(marks).toEqual([expect.objectContaining({ packId: sale.packId, number: 2, sessions: 2 })]);
    expect((await packOf(sale.packId)).state).toBe('agotado');
  });

  it('a product deactivated is sold no more, and its service is not deleted', async () => {
    const response = await request('PUT', `/api/pack-products/${tenId}`, {
      serviceId: physioId,
      sessions: 10,
      priceCents: 35_000,
      validityMonths: 3,
      active: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    const sale = await request('POST', `/api/patients/${patientId}/packs`, { productId: tenId, kind: 'completa' });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().error.message).toBe('Ese bono no existe o ya no se vende: elige otro');
    const deleted = await request('DELETE', `/api/services/${physioId}`);
    expect(deleted.statusCode).toBe(409);
  });
});
