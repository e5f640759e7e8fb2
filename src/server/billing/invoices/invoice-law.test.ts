import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFromJson } from '../verifactu/record-json';
import { recordXml } from '../verifactu/xml';
import { validateXml } from '../verifactu/xsd-validate';
import { clock } from '../../platform/clock';
import { appointments, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, createService, insertAppointment } from '../../test/fixtures';
import { readPdf } from '../../test/pdf-text';

/**
 * Invoices as the law writes them (issue 35, item 4): FechaOperacion from the visits, DescripcionOperacion without
 * health data, passports with their country, the F3 that replaces simplified invoices, and a change of NIF.
 */
let t: TestApp;
let admin: { email: string; cookie: string };
let doctorId: string;
let consultaId: string;

const ISSUER = {
  legalName: 'Clínica Ley Norte, S.L.',
  taxId: 'B12345674',
  address: 'Calle Mayor 1, 28013 Madrid',
  registry: '',
};

beforeAll(async () => {
  clock.freeze('2026-10-01T08:00:00+02:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const doctor = await createDoctor(t, admin.cookie);
  doctorId = doctor.id;
  consultaId = await createService(t, admin.cookie, {
    specialtyId: doctor.specialtyId,
    name: 'Consulta de psiquiatría',
    priceCents: 8000,
  });
  await setIssuer({});
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

/** Moves the clock, and signs the desk in again (a staff session ends after its idle time). */
async function moveTo(instant: string) {
  clock.freeze(instant);
  admin.cookie = await t.signIn(admin.email);
}

let documents = 10_000_000;
/** A DNI of its own for each patient (the record's document is unique). */
const nextDni = () => {
  documents += 1;
  return `${documents}${'TRWAGMYFPDXBNJZSQVHLCKE'[documents % 23]}`;
};

const setIssuer = async (changes: Record<string, string>) => {
  const response = await t.request({
    method: 'PUT',
    url: '/api/billing/issuer',
    cookie: admin.cookie,
    payload: { ...ISSUER, ...changes },
  });
  expect(response.statusCode, response.body).toBe(200);
};

async function newPatient(document: { type: 'dni' | 'pasaporte'; number: string; country?: string } | null) {
  const record = await createPatientRecord(t, {
    firstName: 'Marta',
    lastName: `Ley ${Math.random().toString(36).slice(2, 7)}`,
    email: '',
    phone: '',
  });
  if (document) {
    await t.database.db
      .update(patients)
      .set({
        documentType: document.type,
        documentNumber: document.number,
        documentCountry: document.country ?? null,
        address: 'Calle del Pez 3, 28004 Madrid',
      })
      .where(eq(patients.id, record.id));
  }
  return record.id;
}

async function attended(patientId: string, startsAt: string) {
  const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(startsAt) });
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', serviceId: consultaId, arrivedAt: new Date(startsAt) })
    .where(eq(appointments.id, row.id));
  return row.id;
}

const issue = (payload: object) => t.request({ method: 'POST', url: '/api/invoices', cookie: admin.cookie, payload });

/** The invoice's first registro de alta, as stored. */
async function altaOf(invoiceId: string) {
  const rows = await t.deps.repos.verifactuRecords.chain();
  const row = rows.find((stored) => stored.invoiceId === invoiceId && stored.kind === 'alta')!;
  const record = recordFromJson(row.record);
  if (record.kind !== 'alta') throw new Error('not an alta');
  return record;
}

async function pdfTextOf(id: string) {
  const response = await t.request({ method: 'GET', url: `/api/invoices/${id}/pdf`, cookie: admin.cookie });
  expect(response.statusCode).toBe(200);
  // Words as read, whatever line the PDF broke them onto.
  return (await readPdf(response.rawPayload)).text.replace(/\s+/g, ' ');
}

describe('FechaOperacion', () => {
  it('writes the visit’s day when it is not the day of issue, and the PDF says it (a Saturday evening)', async () => {
    const patientId = await newPatient({ type: 'dni', number: nextDni() });
    const visit = await attended(patientId, '2026-10-19T18:30:00+02:00');
    // Saturday 28 November 2026, 21:40 in Madrid: late, and another day than the visit's.
    await moveTo('2026-11-28T21:40:00+01:00');
    const response = await issue({ patientId, appointmentIds: [visit], kind: 'completa' });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json();
    expect(invoice.operationDates).toEqual(['2026-10-19']);
    const alta = await altaOf(invoice.id);
    expect(alta.invoice.operationDate?.toString()).toBe('2026-10-19');
    const xml = recordXml(alta);
    expect(xml).toContain('<sf:FechaOperacion>19-10-2026</sf:FechaOperacion>');
    expect(validateXml(xml, 'SuministroInformacion.xsd')).toMatchObject({ valid: true });
    expect(await pdfTextOf(invoice.id)).toContain('Fecha de la operación: 19/10/2026');
  });

  it('names the last of visits on several days in the record and every day on the PDF', async () => {
    const patientId = await newPatient({ type: 'dni', number: nextDni() });
    await moveTo('2026-12-01T09:00:00+01:00');
    const first = await attended(patientId, '2026-11-20T10:00:00+01:00');
    const second = await attended(patientId, '2026-11-27T23:30:00+01:00');
    const response = await issue({ patientId, appointmentIds: [first, second], kind: 'simplificada' });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json();
    expect(invoice.operationDates).toEqual(['2026-11-20', '2026-11-27']);
    expect((await altaOf(invoice.id)).invoice.operationDate?.toString()).toBe('2026-11-27');
    expect(await pdfTextOf(invoice.id)).toContain('Fechas de las operaciones: 20/11/2026, 27/11/2026');
  });

  it('writes none when the visit is on the day of issue (a holiday: 8 December)', async () => {
    const patientId = await newPatient(null);
    const visit = await attended(patientId, '2026-12-08T10:00:00+01:00');
    await moveTo('2026-12-08T13:00:00+01:00');
    const response = await issue({ patientId, appointmentIds: [visit], kind: 'simplificada' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().operationDates).toEqual([]);
    expect((await altaOf(response.json().id)).invoice.operationDate).toBeUndefined();
    expect(await pdfTextOf(response.json().id)).not.toContain('Fecha de la operación');
  });
});

describe('DescripcionOperacion and the recipient’s document', () => {
  it('says «Servicios sanitarios», never the service, unless the clinic names its service', async () => {
    await moveTo('2026-12-09T11:00:00+01:00');
    const patientId = await newPatient(null);
    const visit = await attended(patientId, '2026-12-09T10:00:00+01:00');
    const first = (await issue({ patientId, appointmentIds: [visit], kind: 'simplificada' })).json();
    const alta = await altaOf(first.id);
    expect(alta.invoice.description).toBe('Servicios sanitarios');
    expect(recordXml(alta)).not.toContain('psiquiatría');
    // The PDF still lists the service the patient received.
    expect(await pdfTextOf(first.id)).toContain('Consulta de psiquiatría');

    await setIssuer({ operationDescription: 'Servicios de medicina estética' });
    const line = { description: 'Peeling', quantity: 1, unitPriceCents: 5000, vat: '21' };
    const second = (await issue({ patientId, lines: [line], kind: 'simplificada' })).json();
    expect((await altaOf(second.id)).invoice.description).toBe('Servicios de medicina estética');
    await setIssuer({});
  });

  it('asks for a passport’s country, and writes it as IDOtro’s CodigoPais', async () => {
    await moveTo('2026-12-10T17:00:00+01:00');
    const without = await newPatient({ type: 'pasaporte', number: 'X1234567' });
    const refused = await issue({
      patientId: without,
      lines: [{ description: 'Informe', quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
      kind: 'completa',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.kind).toBe(
      'Para una factura completa con pasaporte, indica en la ficha del paciente el país que lo expidió.',
    );

    const withCountry = await newPatient({ type: 'pasaporte', number: 'X7654321', country: 'FR' });
    const issued = await issue({
      patientId: withCountry,
      lines: [{ description: 'Informe', quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
      kind: 'completa',
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const xml = recordXml(await altaOf(issued.json().id));
    expect(xml).toContain(
      '<sf:IDOtro><sf:CodigoPais>FR</sf:CodigoPais><sf:IDType>03</sf:IDType><sf:ID>X7654321</sf:ID></sf:IDOtro>',
    );
    expect(validateXml(xml, 'SuministroInformacion.xsd')).toMatchObject({ valid: true });
  });
});

describe('F3: a complete invoice in place of simplified ones', () => {
  it('replaces two simplified invoices of the patient, names them, and the list counts them once', async () => {
    const patientId = await newPatient({ type: 'dni', number: nextDni() });
    const line = (description: string) => ({ description, quantity: 1, unitPriceCents: 4000, vat: 'exenta' });
    await moveTo('2026-12-12T10:00:00+01:00'); // a Saturday
    const first = (await issue({ patientId, lines: [line('Informe médico')], kind: 'simplificada' })).json();
    await moveTo('2026-12-14T19:45:00+01:00');
    const second = (await issue({ patientId, lines: [line('Certificado')], kind: 'simplificada' })).json();
    const before = (
      await t.request({ method: 'GET', url: `/api/invoices?patientId=${patientId}`, cookie: admin.cookie })
    ).json();

    await moveTo('2026-12-15T09:30:00+01:00');
    const response = await t.request({
      method: 'POST',
      url: `/api/invoices/${first.id}/complete`,
      cookie: admin.cookie,
      payload: { alsoInvoiceIds: [second.id] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const f3 = response.json();
    expect(f3).toMatchObject({
      type: 'F3',
      totalCents: 8000,
      recipient: { taxId: expect.stringMatching(/^\d{8}[A-Z]$/), address: 'Calle del Pez 3, 28004 Madrid' },
      substitutes: [
        { id: first.id, number: first.number, issueDate: '2026-12-12' },
        { id: second.id, number: second.number, issueDate: '2026-12-14' },
      ],
      operationDates: ['2026-12-12', '2026-12-14'],
    });
    expect(f3.number).toMatch(/^F2026-\d{6}$/);

    const alta = await altaOf(f3.id);
    expect(alta.invoice.substituted?.map((id) => id.number)).toEqual([first.number, second.number]);
    const xml = recordXml(alta);
    expect(xml).toContain(
      `<sf:TipoFactura>F3</sf:TipoFactura><sf:FacturasSustituidas><sf:IDFacturaSustituida><sf:IDEmisorFactura>B12345674</sf:IDEmisorFactura><sf:NumSerieFactura>${first.number}</sf:NumSerieFactura><sf:FechaExpedicionFactura>12-12-2026</sf:FechaExpedicionFactura></sf:IDFacturaSustituida>`,
    );
    expect(xml).toContain('<sf:FechaOperacion>14-12-2026</sf:FechaOperacion>');
    expect(validateXml(xml, 'SuministroInformacion.xsd')).toMatchObject({ valid: true });

    const list = (
      await t.request({ method: 'GET', url: `/api/invoices?patientId=${patientId}`, cookie: admin.cookie })
    ).json();
    expect(list.totals.totalCents).toBe(before.totals.totalCents);
    expect(list.invoices.find((row: { id: string }) => row.id === first.id).substitutedByNumber).toBe(f3.number);
    expect(list.invoices.find((row: { id: string }) => row.id === f3.id).outstandingCents).toBe(0);

    const pdf = await pdfTextOf(f3.id);
    expect(pdf).toContain('FACTURA COMPLETA');
    expect(pdf).toContain(`Sustituye a las facturas simplificadas: ${first.number}, de 12/12/2026`);
    expect(await pdfTextOf(first.id)).toContain(`Sustituida por la factura completa ${f3.number}`);

    const again = await t.request({
      method: 'POST',
      url: `/api/invoices/${second.id}/complete`,
      cookie: admin.cookie,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`La factura ${second.number} ya se sustituyó por una completa.`);
    const cancel = await t.request({
      method: 'POST',
      url: `/api/invoices/${first.id}/cancel`,
      cookie: admin.cookie,
      payload: { reason: 'Anular una sustituida' },
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('asks for the patient’s document and address, and replaces only simplified invoices', async () => {
    await moveTo('2026-12-16T12:00:00+01:00');
    const anonymous = await newPatient(null);
    const line = { description: 'Informe', quantity: 1, unitPriceCents: 2000, vat: 'exenta' };
    const simplified = (await issue({ patientId: anonymous, lines: [line], kind: 'simplificada' })).json();
    const refused = await t.request({
      method: 'POST',
      url: `/api/invoices/${simplified.id}/complete`,
      cookie: admin.cookie,
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.kind).toContain('la ficha del paciente necesita su DNI, NIE o pasaporte');

    const known = await newPatient({ type: 'dni', number: nextDni() });
    const complete = (await issue({ patientId: known, lines: [line], kind: 'completa' })).json();
    const notSimplified = await t.request({
      method: 'POST',
      url: `/api/invoices/${complete.id}/complete`,
      cookie: admin.cookie,
      payload: {},
    });
    expect(notSimplified.statusCode).toBe(409);
    expect(notSimplified.json().error.message).toBe(
      `La factura ${complete.number} no es simplificada: ya es completa.`,
    );
  });
});

describe('a change of the clinic’s NIF', () => {
  it('starts series of its own and keeps the earlier chain downloadable', async () => {
    await moveTo('2026-12-28T10:00:00+01:00');
    const patientId = await newPatient(null);
    const line = { description: 'Informe', quantity: 1, unitPriceCents: 2000, vat: 'exenta' };
    const before = (await issue({ patientId, lines: [line], kind: 'simplificada' })).json();
    expect(before.number).toMatch(/^S2026-\d{6}$/);

    await setIssuer({ taxId: 'A58818501', legalName: 'Clínica Ley Sur, S.A.' });
    const after = (await issue({ patientId, lines: [line], kind: 'simplificada' })).json();
    expect(after.number).toBe('S2026B-000001');
    expect(after.issuer.taxId).toBe('A58818501');

    const current = await t.request({ method: 'GET', url: '/api/verifactu/records.xml', cookie: admin.cookie });
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain('<sf:NIF>A58818501</sf:NIF>');
    expect(current.body.match(/<sfLR:RegistroFactura>/g)).toHaveLength(1);
    expect(validateXml(current.body, 'SuministroLR.xsd')).toMatchObject({ valid: true });

    const earlier = await t.request({
      method: 'GET',
      url: '/api/verifactu/records.xml?nif=B12345674',
      cookie: admin.cookie,
    });
    expect(earlier.statusCode).toBe(200);
    expect(earlier.body).toContain(
      '<sf:NombreRazon>Clínica Ley Norte, S.L.</sf:NombreRazon><sf:NIF>B12345674</sf:NIF>',
    );
    expect(earlier.body).toContain(before.number);
    expect(validateXml(earlier.body, 'SuministroLR.xsd')).toMatchObject({ valid: true });

    // Back to the first NIF: its own series again, numbered on.
    await setIssuer({});
    const back = (await issue({ patientId, lines: [line], kind: 'simplificada' })).json();
    expect(back.number).toMatch(/^S2026-\d{6}$/);
    expect(Number(back.number.slice(-6))).toBe(Number(before.number.slice(-6)) + 1);
  });
});
