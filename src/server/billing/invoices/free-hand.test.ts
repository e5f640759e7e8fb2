import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceTotals } from '../verifactu/amounts';
import { recordFromJson } from '../verifactu/record-json';
import { clock } from '../../platform/clock';
import { appointmentMinors, appointments } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, insertAppointment } from '../../test/fixtures';
import { readPdf } from '../../test/pdf-text';

/**
 * Issue 36, items 4 and 5: manual lines and discounts on any invoice, an invoice without a visit, «Facturar»'s preview,
 * another payer (the guardian of a minor's booking, a company) and the IRPF a business payer withholds.
 */
let t: TestApp;
let admin: { cookie: string };
let doctorId: string;
let patientId: string;
let consultaId: string;

const ISSUER = {
  legalName: 'Dra. Marta Libre Ejerciente',
  taxId: '12345678Z',
  address: 'Calle Mayor 1, 28013 Madrid',
  registry: '',
  operationDescription: '',
  withholdingRate: 15,
};
const COMPANY = {
  kind: 'tercero',
  name: 'Seguros Ejemplo, S.A.',
  taxId: 'B12345674',
  address: 'Paseo de la Castellana 1, 28046 Madrid',
  business: true,
};

beforeAll(async () => {
  clock.freeze('2026-03-06T19:30:00+01:00'); // a Friday evening
  t = await buildTestApp();
  const user = await t.createUser({ role: 'admin' });
  admin = { cookie: user.cookie };
  const doctor = await createDoctor(t, admin.cookie);
  doctorId = doctor.id;
  const record = await createPatientRecord(t, {
    firstName: 'Elena',
    lastName: 'Madre Pérez',
    email: 'elena@libre.test',
    phone: '',
    documentType: 'dni',
    documentNumber: '00000000T',
    address: 'Calle del Olmo 4, 28012 Madrid',
  });
  patientId = record.id;
  const service = await t.request({
    method: 'POST',
    url: '/api/services',
    cookie: admin.cookie,
    payload: {
      name: 'Primera visita',
      specialtyId: doctor.specialtyId,
      doctorIds: [],
      durationMinutes: 30,
      priceCents: 7000,
      vat: 'exenta',
      bookableOnline: true,
      active: true,
    },
  });
  consultaId = service.json().id;
  const issuer = await t.request({ method: 'PUT', url: '/api/billing/issuer', cookie: admin.cookie, payload: ISSUER });
  expect(issuer.json()).toEqual(ISSUER);
}, 180_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

async function attended(startsAt: string) {
  const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(startsAt) });
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', serviceId: consultaId, arrivedAt: new Date(startsAt) })
    .where(eq(appointments.id, row.id));
  return row.id;
}

const post = (url: string, payload: object) => t.request({ method: 'POST', url, cookie: admin.cookie, payload });

const recordOf = async (invoiceId: string) => {
  const chain = await t.deps.repos.verifactuRecords.chain();
  const row = chain.find((found) => found.invoiceId === invoiceId)!;
  const record = recordFromJson(row.record);
  if (record.kind !== 'alta') throw new Error('not an alta');
  return record.invoice;
};

describe('the desk’s free hand', () => {
  it('invoices without a visit, with line and invoice discounts before VAT, and the record agrees with the PDF', async () => {
    const body = {
      patientId,
      kind: 'simplificada',
      lines: [
        // 3 × 12,99 = 38,97 € less 10 % (3,90 €) = 35,07 € at 21 %
        {
          description: 'Crema solar',
          quantity: 3,
          unitPriceCents: 1299,
          vat: '21',
          discount: { kind: 'porcentaje', percent: 10 },
        },
        // 50,00 € less 5,00 € = 45,00 €, exempt
        {
          description: 'Informe médico',
          quantity: 1,
          unitPriceCents: 5000,
          vat: 'exenta',
          discount: { kind: 'importe', cents: 500 },
        },
      ],
      // 5 % of 80,07 € = 4,00 €, shared 1,75 € / 2,25 € in proportion to 35,07 and 45,00
      discount: { kind: 'porcentaje', percent: 5 },
    };
    const preview = await post('/api/invoices/preview', body);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      type: 'F2',
      discountCents: 400,
      groups: [
        { vat: 'exenta', baseCents: 4275, taxCents: 0 },
        { vat: '21', baseCents: 3332, taxCents: 700 },
      ],
      baseCents: 7607,
      taxCents: 700,
      totalCents: 8307,
      withholdingCents: 0,
      amountDueCents: 8307,
    });
    expect(preview.json().lines).toEqual([
      expect.objectContaining({ discountCents: 390, invoiceDiscountCents: 175, baseCents: 3332 }),
      expect.objectContaining({ discountCents: 500, invoiceDiscountCents: 225, baseCents: 4275 }),
    ]);
    // Nothing was written by the preview: the next invoice takes number 1.
    const issued = await post('/api/invoices', body);
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json();
    expect(invoice).toMatchObject({ number: 'S2026-000001', baseCents: 7607, taxCents: 700, totalCents: 8307 });
    expect(invoice.lines.map((line: { appointmentId: string | null }) => line.appointmentId)).toEqual([null, null]);
    // What it is for, as the list says it (the patient's «Mis facturas» shows it as «Concepto»).
    expect(invoice.concept).toBe('Crema solar; Informe médico');
    const listed = await t.request({
      method: 'GET',
      url: `/api/invoices?patientId=${patientId}`,
      cookie: admin.cookie,
    });
    expect(listed.json().invoices.find((row: { id: string }) => row.id === invoice.id).concept).toBe(
      'Crema solar; Informe médico',
    );

    const record = await recordOf(invoice.id);
    expect(record.lines).toEqual([
      { kind: 'exempt', exemption: 'E1', base: 4275 },
      { kind: 'taxable', rate: 21, base: 3332 },
    ]);
    expect(invoiceTotals(record.lines)).toEqual({ tax: 700, total: 8307 });

    const pdf = await readPdf(
      (await t.request({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf`, cookie: admin.cookie })).rawPayload,
    );
    // The PDF's Helvetica has no U+2212: a discount is printed with a hyphen-minus, never a stray quote.
    for (const text of [
      'Descuento 10 %: -3,90 €',
      'Descuento 5,00 €: -5,00 €',
      'Descuento de la factura (5 %)',
      '-4,00 €',
      '33,32 €',
      '42,75 €',
      '7,00 €',
      '83,07 €',
    ]) {
      expect(pdf.text).toContain(text);
    }
    const csv = (await t.request({ method: 'GET', url: '/api/invoices/export.csv?formato=csv', cookie: admin.cookie }))
      .body;
    expect(csv.split('\r\n')[0]).toMatch(/,Destinatario,Descuentos,Retención IRPF,Total a pagar$/);
    expect(csv).toContain('S2026-000001');
    expect(csv.split('\r\n')[1]).toMatch(/,83\.07,Emitida,76\.07,7\.00,83\.07,,12\.90,0\.00,83\.07$/);
  });

  it('refuses a discount larger than its line, in Spanish, and writes nothing', async () => {
    const refused = await post('/api/invoices', {
      patientId,
      kind: 'simplificada',
      lines: [
        {
          description: 'Férula',
          quantity: 1,
          unitPriceCents: 2000,
          vat: '21',
          discount: { kind: 'importe', cents: 2500 },
        },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['lines.0.discount']).toBe(
      'El descuento no puede superar el importe al que se aplica',
    );
  });

  it('replaces a discounted simplified invoice with a complete one (F3) that keeps its discounts', async () => {
    const line = { description: 'Informe médico', quantity: 2, unitPriceCents: 3000, vat: 'exenta' };
    const simplified = await post('/api/invoices', {
      patientId,
      kind: 'simplificada',
      lines: [{ ...line, discount: { kind: 'importe', cents: 1000 } }],
      discount: { kind: 'porcentaje', percent: 10 },
    });
    expect(simplified.statusCode, simplified.body).toBe(201);
    // 60,00 € less 10,00 € less 10 % of 50,00 € = 45,00 €
    expect(simplified.json()).toMatchObject({ totalCents: 4500, discountCents: 500 });
    const complete = await post(`/api/invoices/${simplified.json().id}/complete`, {});
    expect(complete.statusCode, complete.body).toBe(201);
    expect(complete.json()).toMatchObject({
      type: 'F3',
      totalCents: 4500,
      discount: { kind: 'porcentaje', percent: 10 },
      discountCents: 500,
      withholdingCents: 0,
      amountDueCents: 4500,
    });
    expect(complete.json().lines).toEqual([
      expect.objectContaining({ discountCents: 1000, invoiceDiscountCents: 500, baseCents: 4500 }),
    ]);
  });

  it('discounts a visit’s line and shows it before issuing', async () => {
    const visit = await attended('2026-03-07T10:00:00+01:00'); // a Saturday morning
    clock.freeze('2026-03-07T13:05:00+01:00');
    const preview = await post('/api/invoices/preview', {
      patientId,
      appointmentIds: [visit],
      appointmentDiscounts: { [visit]: { kind: 'porcentaje', percent: 20 } },
      kind: 'simplificada',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ baseCents: 5600, totalCents: 5600, treatedName: 'Elena Madre Pérez' });
    expect(preview.json().lines[0]).toMatchObject({ unitPriceCents: 7000, discountCents: 1400, baseCents: 5600 });
  });
});

describe('another payer', () => {
  it('invoices a company, withholds 15 % IRPF outside the record, and takes payment of the amount due', async () => {
    clock.freeze('2026-03-09T20:10:00+01:00'); // a Monday evening
    const visit = await attended('2026-03-09T18:00:00+01:00');
    const body = { patientId, appointmentIds: [visit], kind: 'completa', payer: COMPANY };
    const preview = await post('/api/invoices/preview', body);
    expect(preview.json()).toMatchObject({
      recipient: { name: 'Seguros Ejemplo, S.A.', taxId: 'B12345674' },
      treatedName: 'Elena Madre Pérez',
      totalCents: 7000,
      withholdingRate: 15,
      withholdingCents: 1050,
      amountDueCents: 5950,
    });
    const issued = await post('/api/invoices', body);
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json();
    expect(invoice).toMatchObject({
      type: 'F1',
      payer: 'tercero',
      totalCents: 7000,
      withholdingCents: 1050,
      amountDueCents: 5950,
      outstandingCents: 5950,
      recipient: { name: 'Seguros Ejemplo, S.A.', taxId: 'B12345674' },
    });
    // The record's Destinatario is the payer; ImporteTotal is the invoice's total, IRPF apart.
    const record = await recordOf(invoice.id);
    expect(record.recipient).toEqual({ name: 'Seguros Ejemplo, S.A.', nif: 'B12345674' });
    expect(invoiceTotals(record.lines)).toEqual({ tax: 0, total: 7000 });

    const pdf = await readPdf(
      (await t.request({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf`, cookie: admin.cookie })).rawPayload,
    );
    for (const text of ['Seguros Ejemplo, S.A.', 'Paciente atendido: Elena Madre Pérez', 'Retención IRPF 15 %']) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.text).toContain('-10,50 €');
    expect(pdf.text).toContain('59,50 €');

    const pay = (amountCents: number) =>
      post(`/api/invoices/${invoice.id}/payments`, { method: 'transferencia', amountCents, note: '' });
    expect((await pay(7000)).statusCode).toBe(400);
    const paid = await pay(5950);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ outstandingCents: 0 });
  });

  it('does not withhold when the payer is a private person', async () => {
    const visit = await attended('2026-03-10T09:00:00+01:00');
    const preview = await post('/api/invoices/preview', {
      patientId,
      appointmentIds: [visit],
      kind: 'completa',
      payer: { ...COMPANY, name: 'Juan Particular', taxId: '00000001R', business: false },
    });
    expect(preview.json()).toMatchObject({ withholdingCents: 0, amountDueCents: 7000 });
  });

  it('addresses a minor’s visit to the guardian of the booking and names the child as the one treated', async () => {
    const visit = await attended('2026-03-11T17:00:00+01:00');
    await t.database.db.insert(appointmentMinors).values({
      appointmentId: visit,
      childFirstName: 'Pablo',
      childLastName: 'Madre Pérez',
      childBirthDate: '2019-05-01',
      guardianName: 'Elena Madre Pérez',
      guardianRelationship: 'madre',
      guardianDocument: '00000000T',
    });
    const body = { patientId, appointmentIds: [visit], kind: 'completa', payer: { kind: 'tutor' } };
    const preview = await post('/api/invoices/preview', body);
    expect(preview.json()).toMatchObject({
      guardian: { name: 'Elena Madre Pérez', taxId: '00000000T', address: 'Calle del Olmo 4, 28012 Madrid' },
      recipient: { name: 'Elena Madre Pérez', taxId: '00000000T' },
      treatedName: 'Pablo Madre Pérez',
      withholdingCents: 0,
    });
    const invoice = (await post('/api/invoices', body)).json();
    expect(invoice).toMatchObject({ payer: 'tutor', treatedName: 'Pablo Madre Pérez' });
    const pdf = await readPdf(
      (await t.request({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf`, cookie: admin.cookie })).rawPayload,
    );
    expect(pdf.text).toContain('Paciente atendido: Pablo Madre Pérez');
  });

  it('refuses the guardian as payer when no visit was a minor’s, and another payer on a simplified invoice', async () => {
    const refused = await post('/api/invoices/preview', {
      patientId,
      kind: 'completa',
      lines: [{ description: 'Informe', quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
      payer: { kind: 'tutor' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.payer).toMatch(/^Ninguna de las citas de esta factura es de un menor/);
    const simplified = await post('/api/invoices/preview', {
      patientId,
      kind: 'simplificada',
      lines: [{ description: 'Informe', quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
      payer: COMPANY,
    });
    expect(simplified.statusCode).toBe(400);
    expect(simplified.json().error.fields.kind).toBe(
      'Una factura a nombre de otra persona o empresa es completa: elige «Completa»',
    );
  });
});
