import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { attendedVisit, buildInsurerWorld, type InsurerWorld } from '../../test/insurer-world';
import type { Sales, SalesRow } from '../../../common/schemas/sales';
import { apportion } from './sales';

/**
 * «Ventas» (decision 0122) on a varied autumn of 2026 in Madrid: visits (a private one with a discount, an insurer's
 * with its copay), lines typed by hand at 21 %, 10 % and exempt with an invoice discount, a pack, a quote invoiced
 * up front, an invoice at 23:30
 * of 31 October (October), one at 00:30 of 1 November (November), one on the night the clocks go back (25 October),
 * a cancelled one, an F3, a rectificativa by differences and one by substitution (November, though they rectify
 * October's), and the insurer's invoice for October (issued in November). Each table adds up to the books.
 */
let w: InsurerWorld;
const ids: Record<string, string> = {};
const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
  w.t.request({ method, url, payload, cookie: w.admin.cookie });
async function at(moment: string) {
  clock.freeze(moment);
  w.admin.cookie = await w.t.signIn(w.admin.email);
}
async function call(method: 'GET' | 'POST', url: string, payload?: object, status = 201) {
  const response = await request(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
const manual = (description: string, unitPriceCents: number, vat: string, quantity = 1) => ({
  description,
  quantity,
  unitPriceCents,
  vat,
});
async function issue(name: string, moment: string, body: object) {
  await at(moment);
  ids[name] = (await call('POST', '/api/invoices', { kind: 'simplificada', ...body })).id;
}
const sales = async (from: string, to: string): Promise<Sales> =>
  call('GET', `/api/billing/sales?from=${from}&to=${to}`, undefined, 200);
const books = async (from: string, to: string) =>
  (await call('GET', `/api/books/summary?from=${from}&to=${to}`, undefined, 200)).invoices as {
    baseCents: number;
    taxCents: number;
    totalCents: number;
    count: number;
  };
const byName = (rows: SalesRow[]) => Object.fromEntries(rows.map((row) => [row.name, row]));

beforeAll(async () => {
  clock.freeze('2026-10-01T09:00:00+02:00');
  w = await buildInsurerWorld();
  const visit = async (patientId: string, startsAt: string, payer?: object) =>
    attendedVisit(w, { patientId, startsAt, ...(payer && { payer }) });
  const carla = await visit(w.carla, '2026-10-05T10:00:00+02:00');
  const ana = await visit(w.ana, '2026-10-14T10:00:00+02:00', { kind: 'aseguradora', authorizationNumber: 'AUT-1' });
  // Carla's visit at 60 € less 10 %; Ana's copay (5 €) the same day, with a bottle of 21 % sun cream by hand.
  await issue('carla', '2026-10-05T11:00:00+02:00', {
    patientId: w.carla,
    appointmentIds: [carla],
    discount: { kind: 'porcentaje', percent: 10 },
  });
  await call('POST', `/api/invoices/${ids.carla}/payments`, { method: 'tarjeta', amountCents: 5400 });
  await issue('copay', '2026-10-14T11:00:00+02:00', {
    patientId: w.ana,
    appointmentIds: [ana],
    lines: [manual('Crema solar', 1299, '21')],
  });
  await call('POST', `/api/invoices/${ids.copay}/payments`, { method: 'efectivo', amountCents: 1000 });
  // Three rates by hand with a discount of 7 % on the whole: each group's cuota rounded once.
  await issue('mixed', '2026-10-20T18:00:00+02:00', {
    patientId: w.bea,
    lines: [manual('Informe', 3333, 'exenta'), manual('Gel', 999, '21', 3), manual('Vendas', 455, '10', 2)],
    discount: { kind: 'porcentaje', percent: 7 },
  });
  // 02:30 of the night the clocks go back (the second 02:30, +01:00): still 25 October.
  await issue('dst', '2026-10-25T02:30:00+01:00', {
    patientId: w.dora,
    lines: [manual('Certificado', 2500, 'exenta')],
  });
  await issue('cancelled', '2026-10-26T10:00:00+01:00', { patientId: w.dora, lines: [manual('Error', 4000, '21')] });
  await call('POST', `/api/invoices/${ids.cancelled}/cancel`, { reason: 'Emitida dos veces' }, 200);
  await issue('simplified', '2026-10-27T10:00:00+01:00', { patientId: w.carla, lines: [manual('Copia', 1500, '21')] });
  ids.f3 = (await call('POST', `/api/invoices/${ids.simplified}/complete`, { alsoInvoiceIds: [] })).id;
  const product = await call('POST', '/api/pack-products', {
    serviceId: w.consulta,
    sessions: 5,
    priceCents: 25000,
    validityMonths: 12,
    active: true,
  });
  await at('2026-10-28T12:00:00+01:00');
  ids.pack = (
    await call('POST', `/api/patients/${w.bea}/packs`, { productId: product.id, kind: 'simplificada' })
  ).invoiceId;
  // Two X-rays quoted by the doctor at 5 % off, accepted on paper and invoiced up front: the quote's service and doctor.
  await at('2026-10-29T12:00:00+01:00');
  const quote = await call('POST', '/api/quotes', {
    patientId: w.bea,
    doctorId: w.doctorId,
    lines: [{ serviceId: w.rx, quantity: 2, detail: '' }],
    discount: { kind: 'porcentaje', percent: 5 },
  });
  await call('POST', `/api/quotes/${quote.id}/paper-acceptance`, { signerName: 'Bea', signedOn: '2026-10-29' }, 200);
  await call('POST', `/api/quotes/${quote.id}/invoice`, { kind: 'simplificada' });
  // 23:30 of the month's last day is October in Madrid (22:30 UTC); 00:30 of 1 November is November.
  await issue('lastNight', '2026-10-31T23:30:00+01:00', { patientId: w.carla, lines: [manual('Noche', 1000, '21')] });
  await issue('firstNight', '2026-11-01T00:30:00+01:00', { patientId: w.carla, lines: [manual('Noche', 2000, '21')] });
  // November: October's Sanitas visits to the insurer; Carla's visit less 10 € (differences); the cream replaced.
  await at('2026-11-02T20:30:00+01:00');
  ids.insurer = (await call('POST', '/api/insurer-settlements', { insurerId: w.sanitas, month: '2026-10' })).id;
  await at('2026-11-03T10:00:00+01:00');
  await call('POST', `/api/invoices/${ids.carla}/rectify`, {
    type: 'R5',
    method: 'diferencias',
    reason: 'Descuento acordado',
    lines: [manual('Descuento', -1000, 'exenta')],
  });
  await call('POST', `/api/invoices/${ids.copay}/rectify`, {
    type: 'R5',
    method: 'sustitucion',
    reason: 'Precio de la crema',
    lines: [manual('Copago', 500, 'exenta'), manual('Crema solar', 1099, '21')],
  });
}, 300_000);
afterAll(async () => {
  await w.t.close();
  clock.freeze(null);
});

const TABLES = ['byService', 'byInsurer', 'byDoctor'] as const;

describe('«Ventas»', () => {
  it('adds up, in every table, to the books of the month to the cent (October and November)', async () => {
    for (const [from, to] of [
      ['2026-10-01', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
      ['2026-10-01', '2026-11-30'],
    ] as const) {
      const report = await sales(from, to);
      const book = await books(from, to);
      expect(book.totalCents).not.toBe(0);
      expect(report.totals).toMatchObject({
        baseCents: book.baseCents,
        taxCents: book.taxCents,
        totalCents: book.totalCents,
        invoices: book.count,
      });
      for (const table of TABLES) {
        const sum = (pick: (row: SalesRow) => number) => report[table].reduce((acc, row) => acc + pick(row), 0);
        expect([sum((r) => r.baseCents), sum((r) => r.taxCents), sum((r) => r.totalCents)]).toEqual([
          book.baseCents,
          book.taxCents,
          book.totalCents,
        ]);
        expect(sum((r) => r.collectedCents) + sum((r) => r.pendingCents)).toBe(book.totalCents);
        expect(sum((r) => r.collectedCents)).toBe(report.totals.collectedCents);
      }
    }
  });

  it('puts the copay under «Privado» with its visit’s service and doctor, and the insurer’s invoice under it', async () => {
    const october = await sales('2026-10-01', '2026-10-31');
    const insurers = byName(october.byInsurer);
    expect(Object.keys(insurers)).toEqual(['Privado']);
    // The pack is the consultation's; Carla's visit (5400) and Ana's copay (500) too: two visits. What was paid
    // is shared by amount: of the copay's 10 € on 20,72 € (5 € copay, 15,72 € cream), the copay's line 2,41 €.
    const services = byName(october.byService);
    expect(services.Consulta).toMatchObject({ visits: 2, totalCents: 5400 + 500 + 25000, collectedCents: 5400 + 241 });
    expect(services['Otros conceptos']!.lines).toBeGreaterThan(4);
    expect(services['Radiografía']).toMatchObject({ lines: 1, visits: 0, totalCents: 5700, pendingCents: 5700 });
    const [doctor] = october.byDoctor.filter((row) => row.id !== null);
    expect(doctor).toMatchObject({ visits: 2, lines: 3, baseCents: 5400 + 500 + 5700 });
    const november = await sales('2026-11-01', '2026-11-30');
    // Sanitas's invoice of October's visit (40 €), issued in November, and the rectificativas of October's invoices.
    expect(byName(november.byInsurer).Sanitas).toMatchObject({
      lines: 1,
      visits: 1,
      totalCents: 4000,
      pendingCents: 4000,
    });
    const consulta = byName(november.byService).Consulta!;
    // Sanitas 40 €; Carla −10 € (differences); the copay replaced by itself (500 − 500): the consultation's share.
    expect(consulta.totalCents).toBe(4000 - 1000);
    expect(byName(november.byDoctor)[doctor!.name]!.totalCents).toBe(4000 - 1000);
    expect(byName(november.byDoctor)['Sin profesional']).toBeDefined();
  });

  it('dates an invoice by the clinic’s day: 23:30 of the 31st is October, 00:30 of the 1st November', async () => {
    const lastDay = await sales('2026-10-31', '2026-10-31');
    expect(lastDay.totals).toMatchObject({ baseCents: 1000, taxCents: 210, totalCents: 1210 });
    const firstDay = await sales('2026-11-01', '2026-11-01');
    expect(firstDay.totals).toMatchObject({ baseCents: 2000, taxCents: 420, totalCents: 2420 });
    const dstDay = await sales('2026-10-25', '2026-10-25');
    expect(dstDay.totals).toMatchObject({ baseCents: 2500, taxCents: 0, invoices: 1 });
  });

  it('counts a cancelled invoice and an F3 as nothing, and an empty period as empty', async () => {
    expect((await sales('2026-10-26', '2026-10-26')).totals).toMatchObject({ totalCents: 0, invoices: 0, lines: 0 });
    const f3Day = await sales('2026-10-27', '2026-10-27');
    expect(f3Day.totals).toMatchObject({ baseCents: 1500, taxCents: 315, invoices: 2, lines: 1 });
    const empty = await sales('2026-08-01', '2026-08-31');
    expect(empty).toMatchObject({ byService: [], byInsurer: [], byDoctor: [] });
    expect(empty.totals).toEqual({
      invoices: 0,
      lines: 0,
      visits: 0,
      baseCents: 0,
      taxCents: 0,
      totalCents: 0,
      collectedCents: 0,
      pendingCents: 0,
    });
  });

  it('exports each table as CSV (semicolons, decimal comma) and refuses a bad period in Spanish', async () => {
    const csv = await request('GET', '/api/billing/sales/csv?from=2026-10-01&to=2026-10-31&tabla=aseguradora');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain('ventas-por-aseguradora-2026-10-01-2026-10-31.csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Aseguradora;Líneas;Visitas;Base;IVA;Total;Cobrado;Pendiente');
    expect(lines.at(-1)).toMatch(/^Total;\d+;2;\d+,\d\d;\d+,\d\d;\d+,\d\d;\d+,\d\d;\d+,\d\d$/);
    const bad = await request('GET', '/api/billing/sales?from=2026-11-01&to=2026-10-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('La fecha «desde» no puede ser posterior a «hasta»');
    const table = await request('GET', '/api/billing/sales/csv?tabla=paciente');
    expect(table.statusCode).toBe(400);
  });

  it('defaults to this month in the clinic’s zone', async () => {
    await at('2026-10-31T23:45:00+01:00');
    expect(await sales('2026-10-01', '2026-10-31')).toEqual(await call('GET', '/api/billing/sales', undefined, 200));
  });
  it('tells apart two services of one name in two specialties by the specialty (a «Consulta» of each)', async () => {
    const before = byName((await sales('2026-10-01', '2026-10-31')).byService);
    const specialty = await call('POST', '/api/specialties', { name: 'Pediatría' });
    await call('POST', '/api/services', {
      name: 'consulta',
      specialtyId: specialty.id,
      doctorIds: [],
      durationMinutes: 20,
      priceCents: 4000,
      vat: 'exenta',
      bookableOnline: false,
      active: true,
    });
    const after = byName((await sales('2026-10-01', '2026-10-31')).byService);
    expect(after.Consulta).toBeUndefined();
    const [told] = Object.keys(after).filter((name) => name.startsWith('Consulta · '));
    // The world's specialty, named by the fixture's counter («Especialidad N»), not the new one.
    expect(told).toMatch(/^Consulta · Especialidad \d+$/);
    expect(after[told!]).toEqual({ ...before.Consulta, name: told });
    expect(after['Radiografía']).toEqual(before['Radiografía']);
  });
});

describe('apportion', () => {
  it('shares any total by signed weights and always adds up to it', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([33, 34, 33]);
    expect(apportion(-7, [3, 0, 4])).toEqual([-3, 0, -4]);
    expect(apportion(5, [0, 0])).toEqual([5, 0]);
    for (const [total, weights] of [
      [999, [3, -1, 7]],
      [-1234, [10, 20, 30, 41]],
    ] as const) {
      expect(apportion(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
});
