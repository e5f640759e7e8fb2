import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { createDoctor, insertAppointment, validPatient } from '../../test/fixtures';
import { readZip } from '../../test/zip';
import { multipartUpload, samplePdf } from '../files/sample-files';
import { parseCsv } from '../patient-import/csv';
import { exportCell } from './service';
import { EXPORT_TABLES } from './tables-repository';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createUser']>>;
beforeAll(async () => {
  // Half past midnight of New Year's Day in Madrid: still 31 December in UTC.
  clock.freeze('2027-01-01T00:30:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  clock.freeze(null);
  await t?.close();
});

const table = (files: Map<string, Buffer>, name: string) => {
  const [header, ...rows] = parseCsv(files.get(name)!.toString('utf8'), ',');
  return rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]])));
};

const newPatient = async (overrides: Record<string, unknown>) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
};

describe('«Exportar toda la clínica» (issue 37, item 4)', () => {
  it('gives every table as CSV, every document and a LEEME.md of the columns, audited', async () => {
    const doctor = await createDoctor(t, admin.cookie, { displayName: 'Dra. Elena Salida' });
    const ana = await newPatient({
      firstName: 'Ana, "la del 3º"',
      lastName: 'Comas',
      documentNumber: '12345678Z',
      phone: '+34 600 111 222',
      notes: '=HYPERLINK("http://x")',
      birthDate: '1990-05-17',
    });
    const insurerId = await t.write((tx) =>
      t.deps.repos.insurers.create(
        {
          name: 'Mutua Exportada',
          taxId: 'G28333334',
          address: 'Gran Vía 1, Bilbao',
          requiresAuthorization: true,
          copayCents: 500,
          active: true,
        },
        tx,
      ),
    );
    const insured = await t.request({
      method: 'PATCH',
      url: `/api/patients/${ana.id}`,
      cookie: admin.cookie,
      payload: { insurerId, cardNumber: 'TJ-1', cardExpiry: '2027-06-30' },
    });
    expect(insured.statusCode, insured.body).toBe(200);
    const winter = await insertAppointment(t, {
      patientId: ana.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-03T10:00:00+01:00'),
    });
    // Summer time: 18:30 in Madrid is 16:30 UTC; the export writes the clinic's hour.
    await insertAppointment(t, {
      patientId: ana.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-07-01T18:30:00+02:00'),
      status: 'cancelada',
    });
    const pdf = await samplePdf('informe.pdf');
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/files',
      cookie: admin.cookie,
      ...multipartUpload(pdf, 'informe.pdf', { type: 'informes', patientId: ana.id, visibleToPatient: 'false' }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = (uploaded.json() as { id: string }).id;
    await t.request({
      method: 'PUT',
      url: '/api/billing/issuer',
      cookie: admin.cookie,
      payload: {
        legalName: 'Clínica Salida, S.L.',
        taxId: 'B12345674',
        address: 'Calle Mayor 1, Madrid',
        registry: '',
      },
    });
    const invoice = await t.request({
      method: 'POST',
      url: '/api/invoices',
      cookie: admin.cookie,
      payload: {
        patientId: ana.id,
        kind: 'simplificada',
        lines: [
          { description: 'Informe médico', quantity: 1, unitPriceCents: 4000, vat: 'exenta' },
          { description: 'Copia del informe', quantity: 2, unitPriceCents: 250, vat: 'exenta' },
        ],
      },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const invoiceId = (invoice.json() as { id: string }).id;
    const paid = await t.request({
      method: 'POST',
      url: `/api/invoices/${invoiceId}/payments`,
      cookie: admin.cookie,
      payload: { amountCents: 4500, method: 'tarjeta' },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const { response, entries } = await withAuditEntries(t, {
      method: 'GET',
      url: '/api/clinic-export',
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="clinica-2027-01-01.zip"');
    const files = await readZip(response.rawPayload);
    const documentPath = `documentos/${ana.id}/${fileId}-informe.pdf`;
    expect([...files.keys()]).toEqual(['LEEME.md', ...EXPORT_TABLES.map((each) => each.file), documentPath]);
    expect(files.get(documentPath)!.equals(pdf)).toBe(true);

    const patient = table(files, 'pacientes.csv').find((row) => row.id === ana.id)!;
    expect(patient).toMatchObject({
      nombre: 'Ana, "la del 3º"',
      documento: '12345678Z',
      fecha_nacimiento: '1990-05-17',
      telefono: '+34 600 111 222',
      notas: `'=HYPERLINK("http://x")`,
    });
    const appointments = table(files, 'citas.csv').filter((row) => row.paciente_id === ana.id);
    expect(appointments.map((row) => [row.inicio, row.fin, row.estado])).toEqual(
      expect.arrayContaining([
        ['2026-03-03 10:00', '2026-03-03 10:30', 'Confirmada'],
        ['2026-07-01 18:30', '2026-07-01 19:00', 'Cancelada'],
      ]),
    );
    expect(appointments.find((row) => row.id === winter.id)?.profesional_id).toBe(doctor.id);
    expect(table(files, 'pacientes.csv').find((row) => row.id === ana.id)).toMatchObject({
      aseguradora: 'Mutua Exportada',
      tarjeta: 'TJ-1',
      caducidad_tarjeta: '2027-06-30',
    });
    expect(table(files, 'aseguradoras.csv')).toContainEqual(
      expect.objectContaining({ id: insurerId, cif: 'G28333334', autorizacion: 'sí', copago: '5.00', activa: 'sí' }),
    );
    expect(table(files, 'profesionales.csv')).toContainEqual(
      expect.objectContaining({ id: doctor.id, nombre: 'Dra. Elena Salida' }),
    );
    const [issued] = table(files, 'facturas.csv').filter((row) => row.id === invoiceId);
    expect(issued).toMatchObject({ paciente_id: ana.id, base: '45.00', iva: '0.00', total: '45.00', anulada: 'no' });
    expect(table(files, 'lineas-de-factura.csv').filter((row) => row.factura === issued!.numero)).toEqual([
      expect.objectContaining({ linea: '1', concepto: 'Informe médico', cantidad: '1', precio_unitario: '40.00' }),
      expect.objectContaining({ linea: '2', concepto: 'Copia del informe', cantidad: '2', base: '5.00' }),
    ]);
    expect(table(files, 'cobros.csv')).toContainEqual(
      expect.objectContaining({ factura: issued!.numero, forma_de_pago: 'Tarjeta', importe: '45.00' }),
    );
    expect(table(files, 'documentos.csv')).toContainEqual(
      expect.objectContaining({ id: fileId, paciente_id: ana.id, archivo: documentPath }),
    );

    const readme = files.get('LEEME.md')!.toString('utf8');
    expect(readme).toContain('Generada el viernes, 1 de enero de 2027, 00:30');
    expect(readme).toContain('## citas.csv: Citas (2 filas)');
    expect(readme).toContain('| fecha_nacimiento | AAAA-MM-DD. |');

    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'export', entity: 'clinic', actorId: admin.id });
    expect(entries[0]!.details).toMatchObject({
      kind: 'clinic_export',
      rows: { 'citas.csv': 2, 'facturas.csv': 1, 'documentos.csv': 1 },
    });
  });

  it('reads every table in pages, compound keys included, without losing or repeating a row', async () => {
    const repository = t.deps.repos.clinicExport;
    for (const each of EXPORT_TABLES) {
      const all = await repository.page(each, 'Europe/Madrid', null, 10_000);
      const paged: string[][] = [];
      let after: string[] | null = null;
      for (;;) {
        const page = await repository.page(each, 'Europe/Madrid', after, 1);
        paged.push(...page.rows);
        if (!page.last) break;
        after = page.last;
      }
      expect(paged, each.file).toEqual(all.rows);
      expect(paged.length, each.file).toBe(await repository.count(each));
    }
  });
});

describe('a cell of the export', () => {
  it('keeps numbers, amounts and phones intact and defuses formulas', () => {
    expect(exportCell('-12.00')).toBe('-12.00');
    expect(exportCell('+34 600 111 222')).toBe('+34 600 111 222');
    expect(exportCell('=1+1')).toBe(`'=1+1`);
    expect(exportCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(exportCell('-dolor lumbar')).toBe(`'-dolor lumbar`);
    expect(exportCell('uno, dos')).toBe('"uno, dos"');
    expect(exportCell('línea\nsiguiente')).toBe('"línea\nsiguiente"');
  });
});
