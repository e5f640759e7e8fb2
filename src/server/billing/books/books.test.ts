import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, auditLog, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment } from '../../test/fixtures';
import { readZip } from '../../test/zip';

/**
 * The books (issue 35, item 5): the libro registro de facturas expedidas of a quarter, its modelo 303 and the
 * year's modelo 347 add up to the quarter's invoices to the cent — exempt and taxed lines at every rate, a
 * rectificativa por sustitución and one por diferencias, a cancelled invoice, payments by every method, an
 * invoice issued after midnight on the quarter's first day and one the evening before (the quarter before).
 */
let t: TestApp;
let admin: { email: string; cookie: string };
let doctorId: string;
let ana: string;
let bea: string;

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, payload, cookie: admin.cookie });

/** The clinic's clock at `instant`, with a fresh session (days pass between the steps). */
async function at(instant: string) {
  clock.freeze(instant);
  admin.cookie = await t.signIn(admin.email);
}

const issue = async (payload: object) => {
  const response = await request('POST', '/api/invoices', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: string; totalCents: number };
};
const pay = async (id: string, method: string, amountCents: number) => {
  const response = await request('POST', `/api/invoices/${id}/payments`, { method, amountCents });
  expect(response.statusCode, response.body).toBe(201);
};
const line = (description: string, unitPriceCents: number, vat: string) => ({
  description,
  quantity: 1,
  unitPriceCents,
  vat,
});

/** The first sheet of an .xlsx as rows of cell texts by column letter (numbers as written, dates as serials). */
async function sheetOf(content: Buffer) {
  const files = await readZip(content);
  const xml = files.get('xl/worksheets/sheet1.xml')!.toString('utf8');
  const rows: Record<string, string>[] = [];
  for (const [, body] of xml.matchAll(/<row r="\d+">(.*?)<\/row>/g)) {
    const row: Record<string, string> = {};
    for (const [, column, inner] of body!.matchAll(/<c r="([A-Z]+)\d+"[^>]*?(?:\/>|>(.*?)<\/c>)/g)) {
      const value = /<v>(.*?)<\/v>/.exec(inner ?? '')?.[1] ?? /<t[^>]*>(.*?)<\/t>/.exec(inner ?? '')?.[1];
      if (value !== undefined) row[column!] = value.replace(/&amp;/g, '&');
    }
    rows.push(row);
  }
  return { files, xml, rows };
}

/** Cents of a column's amounts (`12.34` → 1234), summed. */
const sumOf = (rows: Record<string, string>[], column: string) =>
  rows.reduce((sum, row) => sum + (row[column] ? Math.round(Number(row[column]) * 100) : 0), 0);

/** Excel's serial of a day. */
const serial = (isoDay: string) =>
  String((Date.parse(`${isoDay}T00:00:00Z`) - Date.parse('1899-12-30T00:00:00Z')) / 86_400_000);

async function patientWith(email: string, document: { documentType: 'dni' | 'pasaporte'; documentNumber: string }) {
  const account = await t.createUser({ role: 'paciente', email });
  const [record] = await t.database.db
    .update(patients)
    .set({ ...document, address: 'Calle del Pez 3, 28004 Madrid' })
    .where(eq(patients.accountId, account.id))
    .returning();
  return record!.id;
}

let invoicesOfQuarter: { number: string }[] = [];
let visitInvoice: { id: string; number: string };
let big: { id: string; number: string };
let mixed: { id: string; number: string; totalCents: number };

beforeAll(async () => {
  clock.freeze('2026-03-30T09:00:00+02:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const doctor = await createDoctor(t, admin.cookie);
  doctorId = doctor.id;
  ana = await patientWith('ana@libros.test', { documentType: 'dni', documentNumber: '12345678Z' });
  bea = await patientWith('bea@libros.test', { documentType: 'pasaporte', documentNumber: 'XK1234567' });
  await request('PUT', '/api/billing/issuer', {
    legalName: 'Clínica Cuadra, S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1, 28013 Madrid',
    registry: '',
  });
  const service = await request('POST', '/api/services', {
    name: 'Consulta de dermatología',
    specialtyId: doctor.specialtyId,
    doctorIds: [],
    durationMinutes: 30,
    priceCents: 6000,
    vat: 'exenta',
    bookableOnline: false,
    active: true,
  });
  // A visit on Good Friday (3 April 2026, a holiday) that was attended.
  const visit = await insertAppointment(t, {
    patientId: ana,
    doctorId,
    startsAt: new Date('2026-04-03T18:00:00+02:00'),
  });
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', serviceId: service.json().id })
    .where(eq(appointments.id, visit.id));

  // The quarter before: the evening of 31 March.
  await at('2026-03-31T21:30:00+02:00');
  await issue({ patientId: ana, kind: 'completa', lines: [line('Informe', 5000, '21')] });

  // 00:30 on 1 April in Madrid (still 31 March in UTC): the new quarter's first invoice, a simplified one.
  await at('2026-04-01T00:30:00+02:00');
  const night = await issue({ patientId: bea, kind: 'simplificada', lines: [line('Certificado', 2000, 'exenta')] });
  await pay(night.id, 'bizum', 2000);

  // Monday evening after Easter: the Good Friday visit, invoiced three days later; paid by card.
  await at('2026-04-06T20:30:00+02:00');
  visitInvoice = await issue({ patientId: ana, kind: 'completa', appointmentIds: [visit.id] });
  await pay(visitInvoice.id, 'tarjeta', 6000);

  // A Saturday: exempt care and taxed goods at every rate on one invoice, paid in three goes.
  await at('2026-04-18T11:00:00+02:00');
  mixed = await issue({
    patientId: ana,
    kind: 'completa',
    lines: [
      line('Sesión de fisioterapia', 20000, 'exenta'),
      line('Crema solar', 10000, '21'),
      line('Gafas graduadas', 5000, '10'),
      line('Libro de ejercicios', 2000, '4'),
    ],
  });
  expect(mixed.totalCents).toBe(20000 + 12100 + 5500 + 2080);
  await pay(mixed.id, 'transferencia', 10000);
  clock.freeze('2026-04-18T11:05:00+02:00');
  await pay(mixed.id, 'efectivo', 5000);
  clock.freeze('2026-04-18T11:10:00+02:00');
  await pay(mixed.id, 'tarjeta', 1000);

  // Ana's big treatment: she passes the 347's threshold.
  await at('2026-05-04T10:00:00+02:00');
  big = await issue({ patientId: ana, kind: 'completa', lines: [line('Tratamiento completo', 280000, 'exenta')] });

  // Issued by mistake and cancelled the same day.
  await at('2026-05-20T12:00:00+02:00');
  const mistaken = await issue({ patientId: bea, kind: 'simplificada', lines: [line('Duplicada', 3000, 'exenta')] });
  const cancelled = await request('POST', `/api/invoices/${mistaken.id}/cancel`, { reason: 'Emitida dos veces' });
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  // June: the mixed invoice replaced by substitution, the big one reduced by difference.
  await at('2026-06-10T10:00:00+02:00');
  const substitution = await request('POST', `/api/invoices/${mixed.id}/rectify`, {
    type: 'R4',
    method: 'sustitucion',
    reason: 'La crema no se vendió',
    lines: [line('Sesión de fisioterapia', 20000, 'exenta'), line('Gafas graduadas', 5000, '10')],
  });
  expect(substitution.statusCode, substitution.body).toBe(201);
  const difference = await request('POST', `/api/invoices/${big.id}/rectify`, {
    type: 'R1',
    method: 'diferencias',
    reason: 'Descuento acordado',
    lines: [line('Descuento', -10000, 'exenta')],
  });
  expect(difference.statusCode, difference.body).toBe(201);

  await at('2026-07-01T09:00:00+02:00');
  invoicesOfQuarter = (await request('GET', '/api/invoices?from=2026-04-01&to=2026-06-30')).json().invoices;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the books of a quarter add up to its invoices to the cent', () => {
  it('the libro registro (.xlsx), the 303 and the invoice list give one base, one cuota and one total', async () => {
    const list = (await request('GET', '/api/invoices?from=2026-04-01&to=2026-06-30')).json();
    // Seven invoices: the night’s, the visit’s, the mixed, the big, the cancelled one and two rectificativas.
    expect(list.invoices).toHaveLength(7);

    const response = await request('GET', '/api/books/libro-expedidas?from=2026-04-01&to=2026-06-30');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="2026B12345674EClinicaCuadraSL.xlsx"');
    const { rows, files } = await sheetOf(response.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files.get('xl/workbook.xml')!.toString()).toContain('<sheet name="EXPEDIDAS"');
    const [groups, names, ...data] = rows;
    expect(groups).toMatchObject({
      A: 'Autoliquidación',
      F: 'Tipo de Factura',
      I: 'Fecha Expedición',
      U: 'Total Factura',
    });
    expect(names).toMatchObject({ A: 'Ejercicio', B: 'Periodo', K: 'Serie', L: 'Número', P: 'Identificación' });

    const summary = (await request('GET', '/api/books/summary?from=2026-04-01&to=2026-06-30')).json();
    expect(summary.invoices).toEqual({ ...list.totals });
    // Base V, cuota X, total U of the libro: the list's totals, to the cent.
    expect(sumOf(data, 'V')).toBe(list.totals.baseCents);
    expect(sumOf(data, 'X')).toBe(list.totals.taxCents);
    expect(sumOf(data, 'U')).toBe(list.totals.totalCents);

    // What stands: 20 € + 60 € + (200 € + 50 € at 10 % by substitution) + (2 800 € − 100 €); the cancelled nothing.
    expect(list.totals).toEqual({
      count: 6,
      baseCents: 2000 + 6000 + 25000 + 270000,
      taxCents: 500,
      totalCents: 303500,
    });

    const vat = summary.vat303;
    expect(vat.general).toEqual([
      { rate: 4, boxes: ['01', '02', '03'], baseCents: 2000, taxCents: 80 },
      { rate: 10, boxes: ['04', '05', '06'], baseCents: 5000, taxCents: 500 },
      { rate: 21, boxes: ['07', '08', '09'], baseCents: 10000, taxCents: 2100 },
    ]);
    // The substitution takes away the cream (−100 €, −21 €) and the book (−20 €, −0,80 €).
    expect(vat.modifications).toEqual({ baseCents: -12000, taxCents: -2180 });
    expect(vat.totalTaxCents).toBe(list.totals.taxCents);
    expect(vat.exemptCents).toBe(2000 + 6000 + 20000 + 280000 - 10000);
    const generalBase = vat.general.reduce((sum: number, row: { baseCents: number }) => sum + row.baseCents, 0);
    expect(generalBase + vat.modifications.baseCents + vat.exemptCents).toBe(list.totals.baseCents);
  });

  it('names each invoice as the AEAT asks: ejercicio, periodo, type, dates, recipient, key, exemption, rate', async () => {
    const { rows } = await sheetOf(
      (await request('GET', '/api/books/libro-expedidas?from=2026-04-01&to=2026-06-30')).rawPayload,
    );
    const data = rows.slice(2);
    const [series, number] = visitInvoice.number.split('-');
    const visitRow = data.find((row) => row.L === number && row.K === series)!;
    // The Good Friday visit invoiced on Monday: its day of operation apart from its day of issue.
    expect(visitRow).toMatchObject({
      A: '2026',
      B: '2T',
      F: 'F1',
      I: serial('2026-04-06'),
      J: serial('2026-04-03'),
      P: '12345678Z',
      R: '01',
      T: 'E1',
      U: '60.00',
      V: '60.00',
      AA: serial('2026-04-06'),
      AB: '60.00',
      AC: '04',
      AD: 'Tarjeta',
    });
    expect(visitRow.N).toBeUndefined(); // a Spanish NIF needs no type
    expect(visitRow.S).toBeUndefined(); // exempt: no calificación, no rate, no cuota
    expect(visitRow.W).toBeUndefined();

    // The night's simplified invoice is the quarter's first row; the evening before is not in it.
    expect(data[0]).toMatchObject({ B: '2T', F: 'F2', I: serial('2026-04-01'), AC: '04', AD: 'Bizum' });
    expect(data[0]!.J).toBeUndefined();
    expect(data[0]!.P).toBeUndefined(); // no recipient on a simplified invoice

    // The mixed invoice: a row per VAT group (exempt first), its total on the first, a payment on each of three.
    const [mixedSeries, mixedNumber] = mixed.number.split('-');
    const mixedRows = data.filter((row) => row.K === mixedSeries && row.L === mixedNumber);
    expect(mixedRows.map((row) => [row.S, row.T, row.U, row.V, row.W, row.X, row.AB, row.AC])).toEqual([
      [undefined, 'E1', '396.80', '200.00', undefined, undefined, '100.00', '01'],
      ['S1', undefined, undefined, '100.00', '21', '21.00', '50.00', '04'],
      ['S1', undefined, undefined, '50.00', '10', '5.00', '10.00', '04'],
      ['S1', undefined, undefined, '20.00', '4', '0.80', undefined, undefined],
    ]);

    // The substitution: its own amounts, then the replaced invoice's, negative; both name the original.
    const rectifying = data.filter((row) => row.F === 'R4');
    expect(rectifying.map((row) => [row.U, row.V, row.W, row.X])).toEqual([
      ['255.00', '200.00', undefined, undefined],
      [undefined, '50.00', '10', '5.00'],
      ['-396.80', '-200.00', undefined, undefined],
      [undefined, '-100.00', '21', '-21.00'],
      [undefined, '-50.00', '10', '-5.00'],
      [undefined, '-20.00', '4', '-0.80'],
    ]);
    expect(rectifying[0]!.AJ).toBe(`Rectifica la factura ${mixed.number}, de 18/04/2026, por sustitución`);
    expect(rectifying[2]!.AJ).toBe(`Importes de la factura sustituida ${mixed.number}, en negativo`);
    expect(data.find((row) => row.F === 'R1')!.AJ).toBe(
      `Rectifica la factura ${big.number}, de 04/05/2026, por diferencias`,
    );

    // The cancelled one stays in the libro (no gaps) and takes itself back.
    const cancelled = data.filter((row) => row.AJ?.startsWith('Anulada'));
    expect(cancelled.map((row) => [row.F, row.U, row.V, row.AJ])).toEqual([
      ['F2', '-30.00', '-30.00', 'Anulada el 20/05/2026: no cuenta'],
    ]);
    // Every invoice of the quarter is in it.
    const numbers = new Set(data.map((row) => `${row.K}-${row.L}`));
    expect([...numbers].sort()).toEqual(invoicesOfQuarter.map((invoice) => invoice.number).sort());
  });

  it('writes the same libro as the AEAT’s CSV: two header rows, «;», decimal comma, dd/mm/aaaa', async () => {
    const response = await request('GET', '/api/books/libro-expedidas?from=2026-04-01&to=2026-06-30&formato=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="2026B12345674EClinicaCuadraSL.csv"');
    const [groups, names, ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(groups!.split(';').slice(0, 3)).toEqual(['Autoliquidación', '', 'Actividad']);
    expect(names!.split(';').slice(0, 2)).toEqual(['Ejercicio', 'Periodo']);
    const cents = (value: string | undefined) => (value ? Math.round(Number(value.replace(',', '.')) * 100) : 0);
    const cells = lines.map((text) => text.split(';'));
    expect(cells.every((row) => row.length === 36)).toBe(true);
    expect(cells.reduce((sum, row) => sum + cents(row[21]), 0)).toBe(2000 + 6000 + 25000 + 270000);
    expect(cells.reduce((sum, row) => sum + cents(row[23]), 0)).toBe(500);
    expect(cells[0]!.slice(0, 12)).toEqual([
      '2026',
      '2T',
      '',
      '',
      '',
      'F2',
      '',
      '',
      '01/04/2026',
      '',
      'S2026',
      cells[0]![11],
    ]);
  });

  it('sums the payments of any period by method (refunds negative), as taken on the clinic’s days', async () => {
    const quarter = (await request('GET', '/api/books/summary?from=2026-04-01&to=2026-06-30')).json();
    expect(quarter.payments).toEqual({
      byMethod: { efectivo: 5000, tarjeta: 7000, transferencia: 10000, bizum: 2000 },
      totalCents: 24000,
      count: 5,
    });
    // 00:30 on 1 April in Madrid is the clinic's 1 April: not a payment of March.
    const march = (await request('GET', '/api/books/summary?from=2026-03-01&to=2026-03-31')).json();
    expect(march.payments.count).toBe(0);
    expect(march.invoices).toMatchObject({ count: 1, totalCents: 6050 });
  });

  it('lists in the 347 the customers over 3 005,06 € a year, by quarter, and accounts for the rest', async () => {
    const response = await request('GET', '/api/books/347?year=2026');
    expect(response.statusCode, response.body).toBe(200);
    const model = response.json();
    // Ana: 60,50 € in March; 60 € + 255 € (396,80 € replaced by 255 €) + 2 800 € − 100 € in the second quarter.
    const second = 6000 + 25500 + 280000 - 10000;
    expect(model.customers).toEqual([
      { taxId: '12345678Z', name: expect.any(String), totalCents: 6050 + second, quarters: [6050, second, 0, 0] },
    ]);
    // Bea paid by passport on simplified invoices: no recipient, no 347.
    expect(model.withoutTaxId).toEqual([0, 2000, 0, 0]);
    expect(model.belowThreshold).toEqual([0, 0, 0, 0]);
    const year = (await request('GET', '/api/invoices?from=2026-01-01&to=2026-12-31')).json();
    const all = model.customers.reduce((sum: number, customer: { totalCents: number }) => sum + customer.totalCents, 0);
    expect(all + model.withoutTaxId[1] + model.belowThreshold.reduce((a: number, b: number) => a + b, 0)).toBe(
      year.totals.totalCents,
    );
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'invoice'));
    expect(entries.some((entry) => (entry.details as { book?: string } | null)?.book === 'modelo-347')).toBe(true);
  });

  it('refuses a libro across two years, a summary over two years, or either the wrong way round, in Spanish; and is the admin’s alone', async () => {
    const across = await request('GET', '/api/books/libro-expedidas?from=2026-12-01&to=2027-01-31');
    expect(across.statusCode).toBe(400);
    expect(across.json().error.message).toBe('Los libros son de un ejercicio: elige dos fechas del mismo año');
    // Payments by method of any period, across years too (up to two).
    const winter = await request('GET', '/api/books/summary?from=2026-03-31&to=2027-01-31');
    expect(winter.json().payments.count).toBe(5);
    const tooLong = await request('GET', '/api/books/summary?from=2025-01-01&to=2027-01-31');
    expect(tooLong.json().error.message).toBe('El periodo no puede superar los dos años');
    const reversed = await request('GET', '/api/books/libro-expedidas?from=2026-06-30&to=2026-04-01');
    expect(reversed.json().error.message).toBe('La fecha «desde» no puede ser posterior a «hasta»');
    const doctor = await t.createUser({ role: 'doctor', email: 'dra@libros.test' });
    const refused = await t.request({
      method: 'GET',
      url: '/api/books/summary?from=2026-04-01&to=2026-06-30',
      cookie: doctor.cookie,
    });
    expect(refused.statusCode).toBe(403);
  });
});
