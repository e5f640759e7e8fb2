import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFromJson } from '../verifactu/record-json';
import { verifyChain } from '../verifactu/verify-chain';
import { validateXml } from '../verifactu/xsd-validate';
import { clock } from '../../platform/clock';
import { appointments, auditLog, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, insertAppointment } from '../../test/fixtures';
import { readPdf } from '../../test/pdf-text';

let t: TestApp;
let admin: { id: string; email: string; cookie: string };
let doctorId: string;
let specialtyId: string;
let patient: { id: string; cookie: string };
let otherPatientId: string;
let consultaId: string;
let peelingId: string;

const ISSUER = {
  legalName: 'Clínica Salud Norte, S.L.',
  taxId: 'B12345674',
  address: 'Calle Mayor 1, 28013 Madrid',
  registry: 'Registro Mercantil de Madrid, tomo 1, folio 1, hoja M-1',
  operationDescription: '',
  withholdingRate: 0,
};

beforeAll(async () => {
  // The desk's morning of Monday 2 March 2026; each test moves the clock to its own moment.
  clock.freeze('2026-03-02T08:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  ({ id: doctorId, specialtyId } = await createDoctor(t, admin.cookie));
  const account = await t.createUser({ role: 'paciente', email: 'lucia@factura.test' });
  // Signing up gave her a record; the desk completed it with her document and address.
  const [record] = await t.database.db
    .update(patients)
    .set({
      firstName: 'Lucía',
      lastName: 'Factura Pérez',
      documentType: 'dni',
      documentNumber: '12345678Z',
      address: 'Calle del Pez 3, 28004 Madrid',
    })
    .where(eq(patients.accountId, account.id))
    .returning();
  patient = { id: record!.id, cookie: account.cookie };
  otherPatientId = (
    await createPatientRecord(t, { firstName: 'Otro', lastName: 'Paciente', email: 'otro@factura.test', phone: '' })
  ).id;
  const service = async (name: string, priceCents: number, vat: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/services',
        cookie: admin.cookie,
        payload: {
          name,
          specialtyId,
          doctorIds: [],
          durationMinutes: 30,
          priceCents,
          vat,
          bookableOnline: true,
          active: true,
        },
      })
    ).json().id as string;
  consultaId = await service('Consulta de revisión', 6000, 'exenta');
  peelingId = await service('Peeling químico', 12100, '21');
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

/** An appointment of `patientId` that took place, booked for `serviceId` (or none). */
async function attended(patientId: string, startsAt: string, serviceId: string | null, status = 'atendida') {
  const row = await insertAppointment(t, { patientId, doctorId, startsAt: new Date(startsAt) });
  await t.database.db
    .update(appointments)
    .set({ status: status as 'atendida', serviceId, arrivedAt: status === 'atendida' ? new Date(startsAt) : null })
    .where(eq(appointments.id, row.id));
  return row.id;
}

const issue = (payload: object, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: '/api/invoices', cookie, payload });

describe('issuing an invoice', () => {
  it('refuses to invoice until the clinic has set its fiscal data, and checks the NIF it is given', async () => {
    const visit = await attended(patient.id, '2026-03-02T09:00:00+01:00', consultaId);
    const refused = await issue({ patientId: patient.id, appointmentIds: [visit], kind: 'completa' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ISSUER_MISSING');

    const wrong = await t.request({
      method: 'PUT',
      url: '/api/billing/issuer',
      cookie: admin.cookie,
      payload: { ...ISSUER, taxId: 'B12345675' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.taxId).toBe('El carácter de control del NIF no corresponde');

    const set = await t.request({ method: 'PUT', url: '/api/billing/issuer', cookie: admin.cookie, payload: ISSUER });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual(ISSUER);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'billing_issuer'));
    expect(entry).toMatchObject({ action: 'update' });
  });

  it('issues a complete invoice for an attended visit at its service price, exempt, numbered in its series', async () => {
    clock.freeze('2026-03-03T10:15:00+01:00');
    const visit = await attended(patient.id, '2026-03-03T09:00:00+01:00', consultaId);
    const response = await issue({ patientId: patient.id, appointmentIds: [visit], kind: 'completa' });
    expect(response.statusCode).toBe(201);
    const invoice = response.json();
    expect(invoice).toMatchObject({
      number: 'F2026-000001',
      type: 'F1',
      issueDate: '2026-03-03',
      baseCents: 6000,
      taxCents: 0,
      totalCents: 6000,
      state: 'emitida',
      issuer: { name: ISSUER.legalName, taxId: 'B12345674', address: ISSUER.address },
      recipient: { name: 'Lucía Factura Pérez', taxId: '12345678Z', address: 'Calle del Pez 3, 28004 Madrid' },
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        description: expect.stringMatching(/^Consulta de revisión — 03\/03\/2026, /),
        vat: 'exenta',
        baseCents: 6000,
      }),
    ]);
    expect(invoice.verificationUrl).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=F2026-000001&fecha=03-03-2026&importe=60.00',
    );
    const chain = (await t.deps.repos.verifactuRecords.chain()).map((row) => recordFromJson(row.record));
    expect(chain).toHaveLength(1);
    expect(chain[0]).toMatchObject({ kind: 'alta', generatedAt: '2026-03-03T10:15:00+01:00' });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(entry).toMatchObject({ action: 'create', entity: 'invoice' });
  });

  it('taxes what is not health care, joins several visits and a manual line, and sums by VAT rate', async () => {
    clock.freeze('2026-03-05T18:40:00+01:00');
    const first = await attended(patient.id, '2026-03-04T17:00:00+01:00', peelingId);
    const second = await attended(patient.id, '2026-03-05T17:00:00+01:00', consultaId);
    const response = await issue({
      patientId: patient.id,
      appointmentIds: [second, first],
      lines: [{ description: 'Crema despigmentante', quantity: 2, unitPriceCents: 1999, vat: '21' }],
      kind: 'completa',
    });
    expect(response.statusCode).toBe(201);
    // 121,00 + 39,98 € at 21 % (33,81 €) and 60,00 € exempt.
    expect(response.json()).toMatchObject({
      number: 'F2026-000002',
      baseCents: 22098,
      taxCents: 3381,
      totalCents: 25479,
    });
    expect(response.json().lines.map((line: { description: string }) => line.description.split(' — ')[0])).toEqual([
      'Peeling químico',
      'Consulta de revisión',
      'Crema despigmentante',
    ]);
  });

  it('dates an invoice issued on New Year’s night by the clinic’s day, in the new year’s series', async () => {
    // 00:30 in Madrid on 1 January is still 31 December in UTC. (The desk signs in again, months later.)
    clock.freeze('2027-01-01T00:30:00+01:00');
    const visit = await attended(patient.id, '2026-12-31T20:00:00+01:00', consultaId);
    const cookie = await t.signIn(admin.email);
    const response = await issue({ patientId: patient.id, appointmentIds: [visit], kind: 'simplificada' }, cookie);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      number: 'S2027-000001',
      type: 'F2',
      issueDate: '2027-01-01',
      recipient: null,
    });
  });

  it('refuses what cannot be invoiced, with the reason, and leaves no number used', async () => {
    clock.freeze('2026-03-06T12:00:00+01:00');
    const booked = await attended(patient.id, '2026-03-06T09:00:00+01:00', consultaId, 'confirmada');
    const notAttended = await issue({ patientId: patient.id, appointmentIds: [booked], kind: 'completa' });
    expect(notAttended.statusCode).toBe(400);
    expect(notAttended.json().error.fields.appointmentIds).toBe(
      'Solo se facturan citas atendidas: la del 6 de marzo no lo está',
    );

    const others = await attended(otherPatientId, '2026-03-06T10:00:00+01:00', consultaId);
    const mixed = await issue({ patientId: patient.id, appointmentIds: [others], kind: 'completa' });
    expect(mixed.statusCode).toBe(400);

    const noService = await attended(patient.id, '2026-03-06T11:00:00+01:00', null);
    const missing = await issue({ patientId: patient.id, appointmentIds: [noService], kind: 'simplificada' });
    expect(missing.json().error.fields.appointmentServices).toBe(
      'La cita del 6 de marzo no tiene servicio: elige cuál se factura',
    );

    const tooMuch = await issue({
      patientId: patient.id,
      lines: [{ description: 'Tratamiento completo', quantity: 4, unitPriceCents: 12100, vat: '21' }],
      kind: 'simplificada',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.kind).toMatch(/^Una factura simplificada no puede superar los 400 €/);

    const noDocument = await issue({ patientId: otherPatientId, appointmentIds: [others], kind: 'completa' });
    expect(noDocument.json().error.fields.kind).toMatch(/necesita su DNI, NIE o pasaporte y su dirección/);

    // The visit without a service, invoiced as the service chosen for it; the series went on without a gap.
    const chosen = await issue({
      patientId: patient.id,
      appointmentIds: [noService],
      appointmentServices: { [noService]: consultaId },
      kind: 'simplificada',
    });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().number).toBe('S2026-000001');
    const again = await issue({ patientId: patient.id, appointmentIds: [noService], kind: 'simplificada' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_INVOICED',
      message: 'La cita del 6 de marzo ya está facturada.',
    });
  });
});

describe('cancelling, reading and printing', () => {
  it('cancels an invoice with a registro de anulación in the same chain, once, and frees its visits', async () => {
    clock.freeze('2026-03-09T09:30:00+01:00');
    const visit = await attended(patient.id, '2026-03-09T09:00:00+01:00', consultaId);
    const issued = (await issue({ patientId: patient.id, appointmentIds: [visit], kind: 'completa' })).json();
    const cancel = (reason: string) =>
      t.request({
        method: 'POST',
        url: `/api/invoices/${issued.id}/cancel`,
        cookie: admin.cookie,
        payload: { reason },
      });
    expect((await cancel('no')).statusCode).toBe(400);
    const cancelled = await cancel('Emitida al paciente equivocado');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      state: 'anulada',
      cancellation: { reason: 'Emitida al paciente equivocado' },
    });
    expect((await cancel('Otra vez')).json().error.code).toBe('ALREADY_CANCELLED');

    const stored = await t.deps.repos.verifactuRecords.chain();
    const records = stored.map((row) => recordFromJson(row.record));
    expect(records.at(-1)).toMatchObject({ kind: 'anulacion', cancelled: { number: issued.number } });
    expect(verifyChain(records)).toEqual({ ok: true, count: records.length });

    const reissued = await issue({ patientId: patient.id, appointmentIds: [visit], kind: 'completa' });
    expect(reissued.statusCode).toBe(201);
  });

  it('shows a paciente her own invoices only, and none of the desk’s tools', async () => {
    clock.freeze('2026-03-09T12:00:00+01:00');
    patient.cookie = await t.signIn('lucia@factura.test');
    const own = await t.request({ method: 'GET', url: '/api/invoices', cookie: patient.cookie });
    expect(own.statusCode).toBe(200);
    const listed = own.json().invoices as { patientId: string; id: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((row) => row.patientId === patient.id)).toBe(true);

    const desk = (await t.request({ method: 'GET', url: '/api/invoices', cookie: admin.cookie })).json();
    const othersInvoice = desk.invoices.find((row: { patientId: string }) => row.patientId === otherPatientId);
    const stranger = await t.createUser({ role: 'paciente', email: 'ajena@factura.test' });
    expect(
      (await t.request({ method: 'GET', url: `/api/invoices/${listed[0]!.id}`, cookie: stranger.cookie })).statusCode,
    ).toBe(404);
    expect(othersInvoice).toBeUndefined();
    expect((await issue({ patientId: patient.id, lines: [], kind: 'completa' }, patient.cookie)).statusCode).toBe(403);
    const doctor = await t.createUser({ role: 'doctor' });
    expect((await t.request({ method: 'GET', url: '/api/invoices', cookie: doctor.cookie })).statusCode).toBe(403);
  });

  it('totals what stands (a cancelled invoice counts for nothing) and filters by state and dates', async () => {
    clock.freeze('2026-03-09T12:00:00+01:00');
    const all = (await t.request({ method: 'GET', url: '/api/invoices', cookie: admin.cookie })).json();
    const standing = all.invoices.filter((row: { state: string }) => row.state === 'emitida');
    expect(all.totals.count).toBe(standing.length);
    expect(all.totals.totalCents).toBe(
      standing.reduce((sum: number, row: { totalCents: number }) => sum + row.totalCents, 0),
    );
    const cancelled = await t.request({ method: 'GET', url: '/api/invoices?state=anulada', cookie: admin.cookie });
    expect(cancelled.json().invoices).toHaveLength(1);
    const january = await t.request({
      method: 'GET',
      url: '/api/invoices?from=2027-01-01&to=2027-01-31',
      cookie: admin.cookie,
    });
    expect(january.json().invoices.map((row: { number: string }) => row.number)).toEqual(['S2027-000001']);
    const bad = await t.request({ method: 'GET', url: '/api/invoices?from=ayer', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('prints the invoice with what the law asks, the exemption’s ground and the QR’s legends', async () => {
    clock.freeze('2026-03-09T12:00:00+01:00');
    const list = (await t.request({ method: 'GET', url: '/api/invoices', cookie: patient.cookie })).json();
    const first = list.invoices.find((row: { number: string }) => row.number === 'F2026-000001');
    const response = await t.request({ method: 'GET', url: `/api/invoices/${first.id}/pdf`, cookie: patient.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(response.rawPayload);
    for (const expected of [
      'FACTURA COMPLETA',
      'Nº F2026-000001',
      'NIF B12345674',
      ISSUER.address,
      'Lucía Factura Pérez',
      'NIF/NIE/Documento: 12345678Z',
      'artículo 20.Uno.3º de la Ley 37/1992',
      'TOTAL FACTURA',
      '60,00 €',
      'QR tributario:',
      'Factura verificable en la sede electrónica de la AEAT',
    ]) {
      expect(text).toContain(expected);
    }
    const cancelled = list.invoices.find((row: { state: string }) => row.state === 'anulada');
    const stamped = await t.request({ method: 'GET', url: `/api/invoices/${cancelled.id}/pdf`, cookie: admin.cookie });
    expect((await readPdf(stamped.rawPayload)).text).toContain('ANULADA');
  });
});

describe('the accountant’s export', () => {
  it('gives the period as a Spanish spreadsheet and as plain CSV, with bases and tax by VAT rate', async () => {
    clock.freeze('2026-03-09T12:00:00+01:00');
    const sheet = await t.request({
      method: 'GET',
      url: '/api/invoices/export.csv?from=2026-03-01&to=2026-03-31',
      cookie: admin.cookie,
    });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="facturas-2026-03-01_2026-03-31-hoja.csv"');
    const lines = sheet.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Número;Tipo;Factura rectificada;Fecha de expedición;Paciente;NIF del destinatario;Base exenta (art. 20.Uno.3º);Base IVA 21 %;Cuota IVA 21 %;Base IVA 10 %;Cuota IVA 10 %;Base IVA 4 %;Cuota IVA 4 %;Base imponible;Cuota IVA;Total;Estado;Base neta;Cuota IVA neta;Total neto;Destinatario;Descuentos;Retención IRPF;Total a pagar',
    );
    expect(sheet.body.startsWith('\uFEFF')).toBe(true);
    expect(lines).toContain(
      'F2026-000002;Factura completa;;05/03/2026;Lucía Factura Pérez;12345678Z;60,00;160,98;33,81;0,00;0,00;0,00;0,00;220,98;33,81;254,79;Emitida;220,98;33,81;254,79;Lucía Factura Pérez;0,00;0,00;254,79',
    );
    expect(lines.some((line) => line.startsWith('S2027'))).toBe(false);

    const csv = await t.request({ method: 'GET', url: '/api/invoices/export.csv?formato=csv', cookie: admin.cookie });
    expect(csv.body.startsWith('\uFEFF')).toBe(false);
    expect(csv.body).toContain(
      'F2026-000002,Factura completa,,2026-03-05,Lucía Factura Pérez,12345678Z,60.00,160.98,33.81,0.00,0.00,0.00,0.00,220.98,33.81,254.79,Emitida,220.98,33.81,254.79,Lucía Factura Pérez,0.00,0.00,254.79',
    );
    const wrong = await t.request({ method: 'GET', url: '/api/invoices/export.csv?formato=pdf', cookie: admin.cookie });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('the VERI*FACTU chain', () => {
  it('serves every record as one RegFactuSistemaFacturacion that the AEAT’s schema accepts, and says the chain holds', async () => {
    clock.freeze('2026-03-09T12:00:00+01:00');
    const response = await t.request({ method: 'GET', url: '/api/verifactu/records.xml', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const xml = response.body;
    expect(validateXml(xml, 'SuministroLR.xsd')).toMatchObject({ valid: true });
    const stored = await t.deps.repos.verifactuRecords.chain();
    expect(xml.match(/<sfLR:RegistroFactura>/g)).toHaveLength(stored.length);
    expect(
      (await t.request({ method: 'GET', url: '/api/verifactu/records.xml?page=2', cookie: admin.cookie })).statusCode,
    ).toBe(404);

    const state = (await t.request({ method: 'GET', url: '/api/verifactu/state', cookie: admin.cookie })).json();
    // No certificate in this app: nothing has been sent, every record waits.
    expect(state).toEqual({
      certificateConfigured: false,
      environment: 'pruebas',
      issuerNif: 'B12345674',
      chains: [
        expect.objectContaining({
          issuerNif: 'B12345674',
          records: stored.length,
          broken: null,
          pendingSubmission: stored.length,
          accepted: 0,
          lastAnswer: null,
        }),
      ],
    });
  });

  it('names the first broken record when a stored one is altered behind the database’s back', async () => {
    clock.freeze('2026-03-09T12:00:00+01:00');
    await t.database.db.execute(sql`ALTER TABLE verifactu_records DISABLE TRIGGER verifactu_records_append_only`);
    await t.database.db.execute(
      sql`UPDATE verifactu_records SET record = jsonb_set(record, '{generatedAt}', '"2026-03-03T10:16:00+01:00"') WHERE position = 1`,
    );
    await t.database.db.execute(sql`ALTER TABLE verifactu_records ENABLE TRIGGER verifactu_records_append_only`);
    const state = (await t.request({ method: 'GET', url: '/api/verifactu/state', cookie: admin.cookie })).json();
    expect(state.chains[0].broken).toBe('La huella del registro F2026-000001 no coincide');
  });
});

describe('what the patient’s page offers to invoice', () => {
  it('lists her attended visits not on an invoice that stands, oldest first, and only to the desk', async () => {
    clock.freeze('2026-03-20T18:30:00+01:00');
    admin = await t.createUser({ role: 'admin' }); // days later: the first session has expired
    const other = await createPatientRecord(t, {
      firstName: 'Visitas',
      lastName: 'Por Facturar',
      email: 'porfacturar@factura.test',
      phone: '',
    });
    const morning = await attended(other.id, '2026-03-20T09:00:00+01:00', consultaId);
    const evening = await attended(other.id, '2026-03-20T18:00:00+01:00', null);
    await attended(other.id, '2026-03-20T12:00:00+01:00', consultaId, 'no_asistio');
    const url = `/api/patients/${other.id}/billable-visits`;
    const listed = await t.request({ method: 'GET', url, cookie: admin.cookie });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: morning, service: expect.objectContaining({ priceCents: 6000 }) }),
      expect.objectContaining({ id: evening, service: null }),
    ]);
    const invoiced = await issue({ patientId: other.id, appointmentIds: [morning], kind: 'simplificada' });
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const after = await t.request({ method: 'GET', url, cookie: admin.cookie });
    expect(after.json().map((visit: { id: string }) => visit.id)).toEqual([evening]);
    const doctor = await t.createUser({ role: 'doctor' });
    expect((await t.request({ method: 'GET', url, cookie: doctor.cookie })).statusCode).toBe(403);
  });
});
