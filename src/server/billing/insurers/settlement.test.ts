import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { auditLog, insurerSettlementVisits, verifactuRecords } from '../../platform/db/schema';
import { attendedVisit, book, buildInsurerWorld, type InsurerWorld } from '../../test/insurer-world';

/**
 * «Liquidación de aseguradoras» (decision 0118): October settled on the evening of 2 November, its
 * visits in the clinic's zone (31 October 23:30 in Madrid is October; 1 November 00:30, still 31 October in UTC,
 * is not), one complete invoice to the insurer in its own series, the reconciliation of its payment visit by visit
 * and what is still owed by age in «Deudas».
 */
let w: InsurerWorld;
const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
  w.t.request({ method, url, payload, cookie: w.admin.cookie });
const visits: Record<string, string> = {};
let invoiceId: string;

async function at(moment: string) {
  clock.freeze(moment);
  w.admin.cookie = await w.t.signIn(w.admin.email);
}
const sanitas = (authorizationNumber: string) => ({ kind: 'aseguradora', authorizationNumber });

beforeAll(async () => {
  clock.freeze('2026-11-02T20:30:00+01:00');
  w = await buildInsurerWorld();
  visits.first = await attendedVisit(w, {
    patientId: w.ana,
    startsAt: '2026-10-01T00:30:00+02:00',
    payer: sanitas('AUT-1'),
  });
  visits.mid = await attendedVisit(w, {
    patientId: w.ana,
    startsAt: '2026-10-14T10:00:00+02:00',
    payer: sanitas('AUT-2'),
  });
  visits.last = await attendedVisit(w, {
    patientId: w.ana,
    startsAt: '2026-10-31T23:30:00+01:00',
    payer: sanitas('AUT-3'),
  });
  visits.november = await attendedVisit(w, {
    patientId: w.ana,
    startsAt: '2026-11-01T00:30:00+01:00',
    payer: sanitas('AUT-4'),
  });
  // Booked by the insurer but not attended: nothing to settle.
  const unattended = await book(w, { patientId: w.ana, startsAt: '2026-10-20T10:00:00+02:00', payer: sanitas('X') });
  expect(unattended.statusCode, unattended.body).toBe(201);
  // Her copay of the mid-October visit was invoiced on the day.
  const copay = await request('POST', '/api/invoices', {
    patientId: w.ana,
    appointmentIds: [visits.mid],
    kind: 'simplificada',
  });
  expect(copay.statusCode, copay.body).toBe(201);
  visits.dora = await attendedVisit(w, {
    patientId: w.dora,
    startsAt: '2026-10-15T10:00:00+02:00',
    payer: { kind: 'aseguradora' },
  });
});
afterAll(async () => {
  await w.t.close();
  clock.freeze(null);
});

describe('settling a month with an insurer', () => {
  it('lists the month’s attended visits in the clinic’s zone with their authorisations and the total', async () => {
    const preview = await request('GET', `/api/insurer-settlements?insurerId=${w.sanitas}&month=2026-10`);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.visits.map((visit: { appointmentId: string }) => visit.appointmentId)).toEqual([
      visits.first,
      visits.mid,
      visits.last,
    ]);
    expect(body.visits[2]).toMatchObject({
      patientName: 'Ana Pérez García',
      cardNumber: 'SAN-0012',
      serviceName: 'Consulta',
      authorizationNumber: 'AUT-3',
      priceCents: 4000,
    });
    expect(body).toMatchObject({ insurerName: 'Sanitas', totalCents: 12000, blocked: null, invoices: [] });
  });

  it('refuses an insurer without CIF, in Spanish', async () => {
    const refused = await request('POST', '/api/insurer-settlements', { insurerId: w.sinCif, month: '2026-10' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.insurerId).toBe(
      'Mutua Sin CIF no tiene CIF: escríbelo en Aseguradoras antes de facturarle',
    );
  });

  it('issues one complete invoice to the insurer in its series, a line per visit, each visit settled once', async () => {
    const issued = await request('POST', '/api/insurer-settlements', { insurerId: w.sanitas, month: '2026-10' });
    expect(issued.statusCode, issued.body).toBe(201);
    invoiceId = issued.json().id;
    expect(issued.json().number).toBe('A2026-000001');
    const invoice = (await request('GET', `/api/invoices/${invoiceId}`)).json();
    expect(invoice).toMatchObject({
      type: 'F1',
      payer: 'aseguradora',
      patientId: null,
      patientName: 'Sanitas',
      recipient: { name: 'Sanitas', taxId: 'A28037042', address: 'Paseo de la Castellana 1, 28046 Madrid' },
      baseCents: 12000,
      taxCents: 0,
      totalCents: 12000,
      collection: 'pendiente',
    });
    expect(invoice.lines.map((line: { description: string }) => line.description)).toEqual([
      '01/10/2026 · Ana Pérez García (tarjeta SAN-0012) · Consulta · Autorización AUT-1',
      '14/10/2026 · Ana Pérez García (tarjeta SAN-0012) · Consulta · Autorización AUT-2',
      '31/10/2026 · Ana Pérez García (tarjeta SAN-0012) · Consulta · Autorización AUT-3',
    ]);
    expect(invoice.lines.every((line: { vat: string }) => line.vat === 'exenta')).toBe(true);
    const records = await w.t.database.db
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.invoiceId, invoiceId));
    expect(records).toHaveLength(1);
    // Nothing left for October; November's visit waits for its month.
    const again = await request('POST', '/api/insurer-settlements', { insurerId: w.sanitas, month: '2026-10' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.month).toBe('No hay visitas atendidas de Sanitas por liquidar en octubre de 2026');
    const november = (await request('GET', `/api/insurer-settlements?insurerId=${w.sanitas}&month=2026-11`)).json();
    expect(november.visits.map((visit: { appointmentId: string }) => visit.appointmentId)).toEqual([visits.november]);
    // The database itself refuses a visit settled twice.
    await expect(
      w.t.database.db
        .execute(sql`INSERT INTO ${insurerSettlementVisits} (appointment_id, invoice_id, insurer_id, position, price_cents)
        VALUES (${visits.first}, ${invoiceId}, ${w.sanitas}, 9, 4000)`),
    ).rejects.toThrow();
  });

  it('counts what the insurer owes in «Deudas», by age, apart from the patients', async () => {
    const debts = (await request('GET', '/api/billing/debts')).json();
    expect(debts.insurers).toEqual([
      expect.objectContaining({ insurerName: 'Sanitas', upTo30: 12000, from31To60: 0, totalCents: 12000, invoices: 1 }),
    ]);
    expect(debts.insurerTotals).toMatchObject({ upTo30: 12000, totalCents: 12000 });
    expect(debts.patients.some((row: { patientName: string }) => row.patientName === 'Sanitas')).toBe(false);
    await at('2026-12-10T09:00:00+01:00');
    const later = (await request('GET', '/api/billing/debts')).json();
    expect(later.insurers[0]).toMatchObject({ upTo30: 0, from31To60: 12000, totalCents: 12000 });
  });
});

describe('reconciling the insurer’s payment', () => {
  it('records a paid visit as a payment: the invoice is partly paid', async () => {
    const response = await request('POST', `/api/insurer-settlements/invoices/${invoiceId}/reconciliation`, {
      lines: [{ appointmentId: visits.first, outcome: 'pagada' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().visits[0]).toMatchObject({ outcome: 'pagada', resolution: null });
    const invoice = (await request('GET', `/api/invoices/${invoiceId}`)).json();
    expect(invoice).toMatchObject({ collection: 'pago_parcial', outstandingCents: 8000 });
  });

  it('takes the refused visits off by a rectificativa, bills one to the patient, writes one off audited', async () => {
    const response = await request('POST', `/api/insurer-settlements/invoices/${invoiceId}/reconciliation`, {
      lines: [
        { appointmentId: visits.mid, outcome: 'rechazada', resolution: 'paciente', reason: 'Sin volante' },
        { appointmentId: visits.last, outcome: 'rechazada', resolution: 'baja', reason: 'Fuera de plazo' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const invoice = (await request('GET', `/api/invoices/${invoiceId}`)).json();
    expect(invoice).toMatchObject({ collection: 'pagada', outstandingCents: 0, paidCents: 4000 });
    expect(invoice.rectifiedBy).toHaveLength(1);
    const rectification = (await request('GET', `/api/invoices/${invoice.rectifiedBy[0].id}`)).json();
    expect(rectification).toMatchObject({
      type: 'R1',
      totalCents: -8000,
      payer: 'aseguradora',
      recipient: { name: 'Sanitas', taxId: 'A28037042' },
    });
    // Ana pays the clinic's private price, less the copay she was invoiced.
    const hers = (await request('GET', `/api/invoices?patientId=${w.ana}`)).json().invoices;
    const billed = hers.find((row: { concept: string }) => row.concept.includes('rechazada por Sanitas'));
    expect(billed).toMatchObject({ totalCents: 5500, collection: 'pendiente' });
    expect(billed.concept).toMatch(/^Consulta — 14\/10\/2026 \(rechazada por Sanitas, menos el copago de 5,00\s€\)$/);
    const [writeOff] = await w.t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${visits.last} AND ${auditLog.details}->>'resolution' = 'baja'`);
    expect(writeOff).toMatchObject({ actorRole: 'admin', patientId: w.ana });
    expect(writeOff!.details).toMatchObject({ reason: 'Fuera de plazo', invoice: 'A2026-000001' });
    const debts = (await request('GET', '/api/billing/debts')).json();
    expect(debts.insurers).toEqual([]);
  });

  it('refuses a visit reconciled twice, or one of another invoice', async () => {
    const twice = await request('POST', `/api/insurer-settlements/invoices/${invoiceId}/reconciliation`, {
      lines: [{ appointmentId: visits.first, outcome: 'pagada' }],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('La visita del 01/10/2026 ya está conciliada.');
    const other = await request('POST', `/api/insurer-settlements/invoices/${invoiceId}/reconciliation`, {
      lines: [{ appointmentId: visits.november, outcome: 'pagada' }],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields.lines).toBe('Una de las visitas no es de esta factura');
  });
});
