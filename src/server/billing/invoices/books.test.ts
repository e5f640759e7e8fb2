import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment } from '../../test/fixtures';
import { readPdf } from '../../test/pdf-text';

/**
 * Money in one place (issue 34 item 5, issue 35 items 4–5): the PDF, the CSV, the list's totals, «Mi producción» and
 * the dashboard read the VERI*FACTU record's breakdown (each VAT group's cuota rounded once), and an original and
 * its rectificativa por sustitución stand as one amount.
 */
let t: TestApp;
let admin: { id: string; email: string; cookie: string };
let doctorId: string;
let patientId: string;
let parcheId: string;

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, payload, cookie: admin.cookie });

const issue = async (payload: object) => {
  const response = await request('POST', '/api/invoices', { patientId, ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: string; taxCents: number; totalCents: number };
};

/** The CSV export's rows of a period, each as its cells (`;` and decimal comma: the spreadsheet form). */
const csvRows = async (from: string, to: string) => {
  const response = await request('GET', `/api/invoices/export.csv?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...rows] = response.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const names = header!.split(';');
  return rows.map((row) => Object.fromEntries(row.split(';').map((value, index) => [names[index]!, value])));
};

const pdfOf = async (id: string) => readPdf((await request('GET', `/api/invoices/${id}/pdf`)).rawPayload);
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  clock.freeze('2026-05-04T09:00:00+02:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const doctor = await createDoctor(t, admin.cookie);
  doctorId = doctor.id;
  const account = await t.createUser({ role: 'paciente', email: 'libros@factura.test' });
  const [record] = await t.database.db
    .update(patients)
    .set({ documentType: 'dni', documentNumber: '12345678Z', address: 'Calle del Pez 3, 28004 Madrid' })
    .where(eq(patients.accountId, account.id))
    .returning();
  patientId = record!.id;
  await request('PUT', '/api/billing/issuer', {
    legalName: 'Clínica Cuadra, S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1, 28013 Madrid',
    registry: '',
  });
  const service = await request('POST', '/api/services', {
    name: 'Parche de hidratación',
    specialtyId: doctor.specialtyId,
    doctorIds: [],
    durationMinutes: 15,
    priceCents: 250,
    vat: '21',
    bookableOnline: false,
    active: true,
  });
  expect(service.statusCode, service.body).toBe(201);
  parcheId = service.json().id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('one VAT breakdown, the record’s', () => {
  it('gives two visits of 2,50 € at 21 % a cuota of 1,05 € in the record, the PDF, the CSV, the list, «Mi producción» and the dashboard', async () => {
    const visits = [];
    for (const startsAt of ['2026-05-04T10:00:00+02:00', '2026-05-04T10:30:00+02:00']) {
      const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(startsAt) });
      await t.database.db
        .update(appointments)
        .set({ status: 'atendida', serviceId: parcheId })
        .where(eq(appointments.id, row.id));
      visits.push(row.id);
    }
    clock.freeze('2026-05-04T12:00:00+02:00');
    const invoice = await issue({ appointmentIds: visits, kind: 'simplificada' });
    expect(invoice).toMatchObject({ taxCents: 105, totalCents: 605 });

    // The record: one DetalleDesglose of 5,00 € at 21 %, cuota 1,05 €.
    const xml = (await request('GET', '/api/verifactu/records.xml')).body;
    expect(xml).toContain('<sf:BaseImponibleOimporteNoSujeto>5.00</sf:BaseImponibleOimporteNoSujeto>');
    expect(xml).toContain('<sf:CuotaRepercutida>1.05</sf:CuotaRepercutida>');

    // The PDF prints the record's cuota, not the sum of the lines' (2 × 0,53 € = 1,06 €).
    const { text } = await pdfOf(invoice.id);
    expect(oneLine(text)).toContain('Cuota IVA 21 % 1,05 €');
    expect(oneLine(text)).not.toContain('1,06');

    const [row] = await csvRows('2026-05-04', '2026-05-04');
    expect(row).toMatchObject({
      'Base IVA 21 %': '5,00',
      'Cuota IVA 21 %': '1,05',
      'Cuota IVA': '1,05',
      Total: '6,05',
      'Cuota IVA neta': '1,05',
    });

    const list = (await request('GET', '/api/invoices?from=2026-05-04&to=2026-05-04')).json();
    expect(list.totals).toEqual({ count: 1, baseCents: 500, taxCents: 105, totalCents: 605 });

    // «Mi producción» gives each line its share of the group's cuota: 0,53 € and 0,52 €, 1,05 € in all.
    const production = (
      await request('GET', `/api/billing/production?doctorId=${doctorId}&from=2026-05-01&to=2026-05-31`)
    ).json();
    expect(production.totals).toMatchObject({ invoiced: 2, baseCents: 500, taxCents: 105, totalCents: 605 });

    const revenue = (await request('GET', '/api/billing/revenue?months=1')).json();
    expect(revenue.months).toEqual([
      { month: '2026-05', issued: 1, issuedCents: 605, cancelled: 0, cancelledCents: 0, netCents: 605 },
    ]);
  });
});

describe('a rectificativa por sustitución', () => {
  it('stands with its original as one amount in the list, the CSV’s net columns and the dashboard, and names it', async () => {
    clock.freeze('2026-06-10T10:00:00+02:00');
    admin.cookie = await t.signIn(admin.email); // weeks later: the morning's session has expired
    const LINE = { description: 'Tratamiento facial', quantity: 1, vat: '21' };
    const original = await issue({ kind: 'completa', lines: [{ ...LINE, unitPriceCents: 16000 }] });
    expect(original).toMatchObject({ taxCents: 3360, totalCents: 19360 });
    const response = await request('POST', `/api/invoices/${original.id}/rectify`, {
      type: 'R4',
      method: 'sustitucion',
      reason: 'Se facturó el tratamiento básico en lugar del completo',
      lines: [{ ...LINE, description: 'Tratamiento facial completo', unitPriceCents: 20500 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const substitute = response.json() as { id: string; number: string };

    // Today the list added both: 33,60 € + 43,05 € = 76,65 € of VAT, where the substitute's 43,05 € is right.
    const list = (await request('GET', '/api/invoices?from=2026-06-01&to=2026-06-30')).json();
    expect(list.totals).toEqual({ count: 2, baseCents: 20500, taxCents: 4305, totalCents: 24805 });

    const rows = await csvRows('2026-06-01', '2026-06-30');
    expect(
      rows.map((row) => [row['Número'], row['Factura rectificada'], row['Cuota IVA'], row['Cuota IVA neta']]),
    ).toEqual([
      [original.number, '', '33,60', '33,60'],
      [substitute.number, original.number, '43,05', '9,45'],
    ]);

    const revenue = (await request('GET', '/api/billing/revenue?months=1')).json();
    expect(revenue.months).toEqual([
      { month: '2026-06', issued: 2, issuedCents: 24805, cancelled: 0, cancelledCents: 0, netCents: 24805 },
    ]);

    const { text } = await pdfOf(substitute.id);
    expect(oneLine(text)).toContain('FACTURA RECTIFICATIVA');
    expect(oneLine(text)).toContain(`Rectifica la factura ${original.number}, de 10/06/2026`);
  });
});

describe('the invoice PDF', () => {
  it('puts the QR at the top of the first page of a 30-line invoice, before the issuer', async () => {
    clock.freeze('2026-07-01T10:00:00+02:00');
    admin.cookie = await t.signIn(admin.email); // weeks later: the morning's session has expired
    const lines = Array.from({ length: 30 }, (_, index) => ({
      description: `Sesión de fisioterapia ${index + 1}`,
      quantity: 1,
      unitPriceCents: 4000,
      vat: 'exenta',
    }));
    const invoice = await issue({ kind: 'completa', lines });
    const { text, pages } = await pdfOf(invoice.id);
    expect(pages).toBe(2);
    expect(text.trimStart().startsWith('QR tributario:')).toBe(true);
    expect(text.indexOf('Factura verificable en la sede electrónica de la AEAT')).toBeLessThan(
      text.indexOf('Clínica Cuadra, S.L.'),
    );
  });
});

describe('«Mi producción» after a substitution', () => {
  it('counts the visit once, at the substitute’s amount, as the list does', async () => {
    clock.freeze('2026-08-03T10:00:00+02:00');
    admin.cookie = await t.signIn(admin.email);
    const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date('2026-08-03T09:00:00+02:00') });
    await t.database.db
      .update(appointments)
      .set({ status: 'atendida', serviceId: parcheId })
      .where(eq(appointments.id, row.id));
    const original = await issue({ appointmentIds: [row.id], kind: 'completa' });
    expect(original).toMatchObject({ taxCents: 53, totalCents: 303 });
    clock.freeze('2026-08-05T19:30:00+02:00');
    admin.cookie = await t.signIn(admin.email);
    const response = await request('POST', `/api/invoices/${original.id}/rectify`, {
      type: 'R4',
      method: 'sustitucion',
      reason: 'El parche era el grande',
      lines: [{ description: 'Parche de hidratación grande', quantity: 1, unitPriceCents: 400, vat: '21' }],
    });
    expect(response.statusCode, response.body).toBe(201);

    const list = (await request('GET', '/api/invoices?from=2026-08-01&to=2026-08-31')).json();
    expect(list.totals).toEqual({ count: 2, baseCents: 400, taxCents: 84, totalCents: 484 });
    // Today «Mi producción» kept the original's 2,50 € + 0,53 €: the visit's line is on it, the substitute has none.
    const production = (
      await request('GET', `/api/billing/production?doctorId=${doctorId}&from=2026-08-01&to=2026-08-31`)
    ).json();
    expect(production.totals).toMatchObject({
      performed: 1,
      invoiced: 1,
      baseCents: 400,
      taxCents: 84,
      totalCents: 484,
    });
  });
});
