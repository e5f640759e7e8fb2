import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, createService, insertAppointment } from '../../test/fixtures';
import { readZip } from '../../test/zip';

/**
 * An F3 in the books (issue 35, item 4): a complete invoice that replaces simplified invoices already recorded adds
 * nothing to them. The AEAT's key F3 («factura emitida en sustitución de facturas simplificadas facturadas y
 * declaradas») means its VAT is not counted again: the libro shows it, and the quarter's VAT, the totals, the 347
 * and the revenue count the simplified invoices' amounts once, in the periods they were issued in.
 *
 * Paula's visit of 20 March is invoiced simplified that day (60 €, exempt); two creams at 10,02 € + 21 % on 2 and
 * 3 April (12,12 € each); on 10 April she asks for one complete invoice of the three. The F3's cuota, rounded once
 * over 20,04 €, is 4,21 €, a cent more than the simplified invoices' 2 × 2,10 €: the F3 must not move it either.
 */
let t: TestApp;
let admin: { email: string; cookie: string };
let doctorId: string;
let f3: { id: string; number: string; totalCents: number };

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, payload, cookie: admin.cookie });

async function at(instant: string) {
  clock.freeze(instant);
  admin.cookie = await t.signIn(admin.email);
}

const issue = async (payload: object) => {
  const response = await request('POST', '/api/invoices', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: string; totalCents: number };
};
const cream = (description: string) => ({ description, quantity: 1, unitPriceCents: 1002, vat: '21' });

/** The first sheet of an .xlsx as rows of cell texts by column letter. */
async function sheetRows(content: Buffer) {
  const xml = (await readZip(content)).get('xl/worksheets/sheet1.xml')!.toString('utf8');
  const rows: Record<string, string>[] = [];
  for (const [, body] of xml.matchAll(/<row r="\d+">(.*?)<\/row>/g)) {
    const row: Record<string, string> = {};
    for (const [, column, inner] of body!.matchAll(/<c r="([A-Z]+)\d+"[^>]*?(?:\/>|>(.*?)<\/c>)/g)) {
      const value = /<v>(.*?)<\/v>/.exec(inner ?? '')?.[1] ?? /<t[^>]*>(.*?)<\/t>/.exec(inner ?? '')?.[1];
      if (value !== undefined) row[column!] = value;
    }
    rows.push(row);
  }
  return rows.slice(2);
}
const sumOf = (rows: Record<string, string>[], column: string) =>
  rows.reduce((sum, row) => sum + (row[column] ? Math.round(Number(row[column]) * 100) : 0), 0);

beforeAll(async () => {
  clock.freeze('2026-03-20T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const doctor = await createDoctor(t, admin.cookie);
  doctorId = doctor.id;
  const consultaId = await createService(t, admin.cookie, {
    specialtyId: doctor.specialtyId,
    name: 'Consulta de medicina general',
    priceCents: 6000,
  });
  await request('PUT', '/api/billing/issuer', {
    legalName: 'Clínica Sustituta, S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1, 28013 Madrid',
    registry: '',
  });
  const patient = await createPatientRecord(t, { firstName: 'Paula', lastName: 'Completa', email: '', phone: '' });
  await t.database.db
    .update(patients)
    .set({ documentType: 'dni', documentNumber: '12345678Z', address: 'Calle del Pez 3, 28004 Madrid' })
    .where(eq(patients.id, patient.id));
  const visit = await insertAppointment(t, {
    patientId: patient.id,
    doctorId,
    startsAt: new Date('2026-03-20T10:00:00+01:00'),
  });
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', serviceId: consultaId })
    .where(eq(appointments.id, visit.id));

  await at('2026-03-20T18:00:00+01:00');
  const march = await issue({ patientId: patient.id, kind: 'simplificada', appointmentIds: [visit.id] });
  await at('2026-04-02T12:00:00+02:00');
  const first = await issue({ patientId: patient.id, kind: 'simplificada', lines: [cream('Crema solar')] });
  await at('2026-04-03T12:00:00+02:00');
  const second = await issue({ patientId: patient.id, kind: 'simplificada', lines: [cream('Protector labial')] });
  expect([march.totalCents, first.totalCents, second.totalCents]).toEqual([6000, 1212, 1212]);

  await at('2026-04-10T10:00:00+02:00');
  const complete = await request('POST', `/api/invoices/${march.id}/complete`, {
    alsoInvoiceIds: [first.id, second.id],
  });
  expect(complete.statusCode, complete.body).toBe(201);
  f3 = complete.json();
  expect(f3.totalCents).toBe(6000 + 2004 + 421);

  await at('2026-07-01T09:00:00+02:00');
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('an F3 in the books counts the simplified invoices it replaces once', () => {
  it('the second quarter’s 303, totals and libro count the April creams once; the libro still shows the F3', async () => {
    const list = (await request('GET', '/api/invoices?from=2026-04-01&to=2026-06-30')).json();
    expect(list.totals).toMatchObject({ baseCents: 2004, taxCents: 420, totalCents: 2424 });

    const summary = (await request('GET', '/api/books/summary?from=2026-04-01&to=2026-06-30')).json();
    expect(summary.vat303.general).toContainEqual({
      rate: 21,
      boxes: ['07', '08', '09'],
      baseCents: 2004,
      taxCents: 420,
    });
    expect(summary.vat303.modifications).toEqual({ baseCents: 0, taxCents: 0 });
    expect(summary.vat303.exemptCents).toBe(0);
    expect(summary.vat303.totalTaxCents).toBe(420);
    expect(summary.invoices).toEqual(list.totals);

    const libro = await request('GET', '/api/books/libro-expedidas?from=2026-04-01&to=2026-06-30');
    expect(libro.statusCode, libro.body).toBe(200);
    const rows = await sheetRows(libro.rawPayload);
    const [series, number] = f3.number.split('-');
    const own = rows.filter((row) => row.K === series && row.L === number);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((row) => row.F === 'F3')).toBe(true);
    // The F3 as issued, then its own amounts taken back: what it replaces was recorded when it was issued.
    expect(sumOf(own, 'U')).toBe(0);
    expect(own.some((row) => row.AJ?.includes('no cuenta'))).toBe(true);
    expect(sumOf(rows, 'V')).toBe(2004);
    expect(sumOf(rows, 'X')).toBe(420);
    expect(sumOf(rows, 'U')).toBe(2424);
  });

  it('the first quarter keeps the visit’s simplified invoice; the 347 gives Paula what she was invoiced, once', async () => {
    const march = (await request('GET', '/api/books/summary?from=2026-01-01&to=2026-03-31')).json();
    expect(march.vat303.exemptCents).toBe(6000);
    expect(march.invoices).toMatchObject({ count: 1, totalCents: 6000 });

    const model = (await request('GET', '/api/books/347?year=2026')).json();
    // The F3 names her: the simplified invoices it replaces are hers, in the quarters they were issued in.
    expect(model.customers).toEqual([]);
    expect(model.belowThreshold).toEqual([6000, 2424, 0, 0]);
    expect(model.withoutTaxId).toEqual([0, 0, 0, 0]);
    const year = (await request('GET', '/api/invoices?from=2026-01-01&to=2026-12-31')).json();
    expect(year.totals.totalCents).toBe(6000 + 2424);
  });

  it('the revenue by month and the doctor’s production count the visit once', async () => {
    const { months } = (await request('GET', '/api/billing/revenue')).json();
    expect(months.find((row: { month: string }) => row.month === '2026-03')).toMatchObject({ netCents: 6000 });
    expect(months.find((row: { month: string }) => row.month === '2026-04')).toMatchObject({ netCents: 2424 });

    const production = (
      await request('GET', `/api/billing/production?doctorId=${doctorId}&from=2026-03-01&to=2026-04-30`)
    ).json();
    expect(production.services).toEqual([
      expect.objectContaining({ performed: 1, invoiced: 1, baseCents: 6000, taxCents: 0, pending: 0 }),
    ]);
  });
});
