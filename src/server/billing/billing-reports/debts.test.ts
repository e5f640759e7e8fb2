import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { patients, payments } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';

/**
 * The invoice list's collection state and «Deudas» (issue 36, item 8), at two moments of the clinic's calendar:
 * the last day of March (00:30 in Madrid, still the 30th in UTC) and the first of April, a day past two of the
 * buckets' boundaries.
 */
let t: TestApp;
let admin: { email: string; cookie: string };
const who: Record<'lucia' | 'marta', { id: string }> = {} as never;
const ids: Record<string, string> = {};

/** The clock moves months at a time: a fresh session each time (a session lasts days, not months). */
async function at(moment: string) {
  clock.freeze(moment);
  admin.cookie = await t.signIn(admin.email);
}
const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = admin.cookie) =>
  t.request({ method, url, payload, cookie });
const line = (unitPriceCents: number, vat = 'exenta') => ({
  description: 'Consulta',
  quantity: 1,
  unitPriceCents,
  vat,
});

async function issue(name: string, patientId: string, moment: string, lines: object[]) {
  await at(moment);
  const response = await request('POST', '/api/invoices', { patientId, lines, kind: 'simplificada' });
  expect(response.statusCode, response.body).toBe(201);
  ids[name] = response.json().id;
}
const pay = async (name: string, amountCents: number) => {
  const response = await request('POST', `/api/invoices/${ids[name]}/payments`, { method: 'tarjeta', amountCents });
  expect(response.statusCode, response.body).toBe(201);
};
/** Each invoice's collection state and pending amount, by name. */
async function states(query = '') {
  const list = (await request('GET', `/api/invoices${query}`)).json().invoices as {
    id: string;
    collection: string;
    outstandingCents: number;
  }[];
  const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return Object.fromEntries(list.map((row) => [names[row.id], [row.collection, row.outstandingCents]]));
}
const debts = async () => {
  const response = await request('GET', '/api/billing/debts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  clock.freeze('2025-12-01T10:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  for (const name of ['lucia', 'marta'] as const) {
    const account = await t.createUser({ role: 'paciente', email: `${name}@deudas.test` });
    const [row] = await t.database.db.select().from(patients).where(eq(patients.accountId, account.id));
    who[name] = { id: row!.id };
  }
  await request('PUT', '/api/billing/issuer', {
    legalName: 'Clínica Deudas, S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1, 28013 Madrid',
    registry: '',
  });
  // Lucía: 70 € unpaid since 1 December, 100 € unpaid since 30 January, 50 € of which 20 paid since 1 March.
  await issue('old', who.lucia.id, '2025-12-01T10:00:00+01:00', [line(7000)]);
  // Marta: 84,20 € paid on 1 January, rectified on 2 March by −24,20 € (the clinic is to give that back).
  await issue('rectified', who.marta.id, '2026-01-01T10:00:00+01:00', [line(6000), line(2000, '21')]);
  await pay('rectified', 8420);
  await issue('unpaid', who.lucia.id, '2026-01-30T10:00:00+01:00', [line(10000)]);
  await issue('partly', who.lucia.id, '2026-03-01T10:00:00+01:00', [line(5000)]);
  await pay('partly', 2000);
  // Marta: 60 € paid in full on 2 March; 40 € cancelled the same day.
  await issue('paid', who.marta.id, '2026-03-02T10:00:00+01:00', [line(6000)]);
  await pay('paid', 6000);
  await issue('cancelled', who.marta.id, '2026-03-02T11:00:00+01:00', [line(4000)]);
  const cancel = await request('POST', `/api/invoices/${ids.cancelled}/cancel`, { reason: 'Emitida dos veces' });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // Marta: 30 € of 3 March, unpaid, whose simplified invoice was replaced by a complete one (F3) the same day.
  await t.database.db
    .update(patients)
    .set({ documentType: 'dni', documentNumber: '12345678Z', address: 'Calle del Pez 3, 28004 Madrid' })
    .where(eq(patients.id, who.marta.id));
  await issue('simplified', who.marta.id, '2026-03-03T10:00:00+01:00', [line(3000)]);
  const complete = await request('POST', `/api/invoices/${ids.simplified}/complete`, { alsoInvoiceIds: [] });
  expect(complete.statusCode, complete.body).toBe(201);
  ids.substitute = complete.json().id;
  const rectify = await request('POST', `/api/invoices/${ids.rectified}/rectify`, {
    type: 'R5',
    method: 'diferencias',
    reason: 'La paciente devuelve la crema sin abrir',
    lines: [{ ...line(-2000, '21'), description: 'Devolución: crema' }],
  });
  expect(rectify.statusCode, rectify.body).toBe(201);
  ids.rectifying = rectify.json().id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the invoice list’s collection state', () => {
  it('reads paid, partly paid, unpaid, cancelled and rectified invoices from their payments', async () => {
    await at('2026-03-31T00:30:00+02:00');
    expect(await states()).toEqual({
      old: ['pendiente', 7000],
      rectified: ['a_devolver', -2420],
      rectifying: ['rectificativa', 0],
      unpaid: ['pendiente', 10000],
      partly: ['pago_parcial', 3000],
      paid: ['pagada', 0],
      cancelled: ['anulada', 0],
      // The simplified invoice keeps its account; the F3 that replaced it owes nothing of its own.
      simplified: ['pendiente', 3000],
      substitute: ['sustitutiva', 0],
    });
  });

  it('filters by it: «por cobrar» finds the unpaid and the partly paid', async () => {
    expect(Object.keys(await states('?collection=por_cobrar')).sort()).toEqual([
      'old',
      'partly',
      'simplified',
      'unpaid',
    ]);
    expect(Object.keys(await states('?collection=pendiente')).sort()).toEqual(['old', 'simplified', 'unpaid']);
    expect(Object.keys(await states('?collection=pago_parcial'))).toEqual(['partly']);
    expect(Object.keys(await states('?collection=pagada'))).toEqual(['paid']);
    expect(Object.keys(await states('?collection=a_devolver'))).toEqual(['rectified']);
    expect(Object.keys(await states('?collection=anulada'))).toEqual(['cancelled']);
    // With the other filters, and a clear Spanish 400 for a state that does not exist.
    expect(Object.keys(await states('?collection=por_cobrar&from=2026-01-01'))).toEqual([
      'simplified',
      'partly',
      'unpaid',
    ]);
    const wrong = await request('GET', '/api/invoices?collection=debe');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Estado de cobro no válido');
  });

  it('a refund reopens the debt, and the full payment of the rest settles it', async () => {
    // A refund stands as a negative payment (what the desk gives back; `payments/service.ts`).
    await t.database.db.insert(payments).values({
      invoiceId: ids.paid!,
      day: '2026-03-30',
      paidAt: new Date('2026-03-30T12:00:00+02:00'),
      method: 'tarjeta',
      amountCents: -1500,
    });
    expect((await states()).paid).toEqual(['pago_parcial', 1500]);
    expect(Object.keys(await states('?collection=por_cobrar'))).toContain('paid');
  });
});

describe('«Deudas»', () => {
  it('on the last day of the month: each patient’s debt by the age of her invoices, the totals to the cent', async () => {
    await at('2026-03-31T00:30:00+02:00'); // still 30 March in UTC
    const report = await debts();
    expect(report.today).toBe('2026-03-31');
    expect(report.patients).toEqual([
      // 100 € of 30 January is 60 days old; 30 € of 1 March 30; 70 € of 1 December 120.
      expect.objectContaining({
        patientId: who.lucia.id,
        upTo30: 3000,
        from31To60: 10000,
        from61To90: 0,
        over90: 7000,
        totalCents: 20000,
        invoices: 3,
      }),
      // The 15 € refunded of 2 March and the 30 € of 3 March (once: its F3 adds nothing); what the clinic is to
      // give back on another invoice is not netted.
      expect.objectContaining({ patientId: who.marta.id, upTo30: 4500, from31To60: 0, totalCents: 4500, invoices: 2 }),
    ]);
    expect(report.totals).toEqual({
      upTo30: 7500,
      from31To60: 10000,
      from61To90: 0,
      over90: 7000,
      totalCents: 24500,
      invoices: 5,
    });
  });

  it('a day later, the invoices past a boundary move to the next bucket; the CSV has the same rows and total', async () => {
    await at('2026-04-01T00:30:00+02:00');
    const report = await debts();
    expect(report.today).toBe('2026-04-01');
    expect(report.patients[0]).toMatchObject({ upTo30: 0, from31To60: 3000, from61To90: 10000, over90: 7000 });
    expect(report.totals).toMatchObject({ upTo30: 4500, from31To60: 3000, from61To90: 10000, over90: 7000 });
    const sum = report.totals.upTo30 + report.totals.from31To60 + report.totals.from61To90 + report.totals.over90;
    expect(sum).toBe(report.totals.totalCents);

    const csv = await request('GET', '/api/billing/debts/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('deudas-2026-04-01.csv');
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Paciente;Facturas;0–30 días;31–60 días;61–90 días;Más de 90 días;Total');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toBe('Total;5;45,00;30,00;100,00;70,00;245,00');
  });

  it('settles: payments of the rest take the patient off the report', async () => {
    await pay('paid', 1500);
    expect((await debts()).totals.totalCents).toBe(23000);
    await pay('simplified', 3000);
    const report = await debts();
    expect(report.patients.map((row: { patientId: string }) => row.patientId)).toEqual([who.lucia.id]);
    expect(report.totals.totalCents).toBe(20000);
    expect((await states()).simplified).toEqual(['pagada', 0]);
  });

  it('is the desk’s alone', async () => {
    const lucia = await t.signIn('lucia@deudas.test');
    expect((await request('GET', '/api/billing/debts', undefined, lucia)).statusCode).toBe(403);
    expect((await request('GET', '/api/billing/debts/csv', undefined, lucia)).statusCode).toBe(403);
  });
});
