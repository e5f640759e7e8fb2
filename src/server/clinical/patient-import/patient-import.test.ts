import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { auditLog, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { lastAuditId } from '../../test/audit';
import { validPatient } from '../../test/fixtures';
import { xlsx } from '../../test/workbooks';

/** A Monday evening in Madrid: 23:30 UTC of 29 November is already 30 November at the clinic. */
const NOW = '2026-11-29T23:30:00Z';

let t: TestApp;
let admin: { id: string; cookie: string };
let existing: { id: string };
/** Her insurer in «Aseguradoras» before the import. */
let sanitas: string;

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin', displayName: 'Marta Admin' });
  await t.write(async (tx) => {
    sanitas = await t.deps.repos.insurers.create(
      {
        name: 'Sanitas',
        taxId: 'A28037042',
        address: 'Calle Mayor 1, Madrid',
        requiresAuthorization: false,
        copayCents: null,
        active: true,
      },
      tx,
    );
  });
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({
      documentNumber: '12345678Z',
      phone: '+34 600 111 222',
      allergies: 'Penicilina',
      insurerId: sanitas,
    }),
  });
  existing = response.json();
});
afterEach(() => clock.freeze(NOW));
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

function upload(fileName: string, content: Buffer, cookie = admin.cookie) {
  const boundary = 'importacion';
  return t.request({
    method: 'POST',
    url: '/api/patient-imports',
    cookie,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const post = (url: string, payload?: unknown) =>
  t.request({
    method: 'POST',
    url,
    cookie: admin.cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (url: string) => t.request({ method: 'GET', url, cookie: admin.cookie });
const patientCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(patients))[0]!.n;

/** Excel's «CSV (delimitado por punto y coma)» on Windows: Windows-1252, `;`, CRLF. */
const LEGACY_CSV = Buffer.from(
  [
    'Nº Historia;Nombre;Apellidos;DNI;F. Nacimiento;Móvil;E-mail;Alergias;Aseguradora;Nº póliza',
    // 2: new.
    '101;Íñigo;Muñoz Peña;87654321X;05/03/1980;611 22 33 44;inigo@correo.es;;Sanitas;SAN-001',
    // 3: the clinic's Lucía by document: the desk chooses to update her record.
    '102;Lucía;Pérez García;12345678-z;12/04/1985;;;Látex;Adeslas;ADE-9',
    // 4: a wrong DNI letter, 5: a date that does not exist.
    '103;Pedro;Sanz;12345678A;01/01/1970;;;;;',
    '104;Rosa;Gil;;31/02/1980;;;;;',
    // 6: the same person as row 2 again (in the file): omitted by default.
    '105;Iñigo;Muñoz Peña;87654321X;05/03/1980;;;;;',
    // 7: shares Lucía's phone (her son, no document): created by default.
    '106;Mario;Pérez García;;10/10/2015;600111222;;;;',
    // 8: a baby born today at the clinic (30 November in Madrid while UTC still says the 29th).
    '107;Alba;Ruiz;;30/11/2026;0034 622 33 44 55;;;;',
  ].join('\r\n'),
  'latin1',
);

describe('import of patients from the previous program', () => {
  let importId: string;

  it('reads the legacy CSV and guesses its Spanish headers', async () => {
    const response = await upload('pacientes antiguos.csv', LEGACY_CSV);
    expect(response.statusCode).toBe(201);
    const view = response.json();
    importId = view.id;
    expect(view).toMatchObject({
      fileName: 'pacientes antiguos.csv',
      kind: 'csv',
      encoding: 'windows-1252',
      separator: ';',
      totalRows: 7,
      status: 'uploaded',
      createdBy: 'Marta Admin',
      mapping: [
        'code',
        'firstName',
        'lastName',
        'documentNumber',
        'birthDate',
        'phone',
        'email',
        'allergies',
        'insurer',
        'policyNumber',
      ],
    });
    expect(view.sample[0]).toEqual([
      '101',
      'Íñigo',
      'Muñoz Peña',
      '87654321X',
      '05/03/1980',
      '611 22 33 44',
      'inigo@correo.es',
      '',
      'Sanitas',
      'SAN-001',
    ]);
  });

  it('runs dry: what each row would do, duplicates with a choice each, errors with their row, nothing written', async () => {
    const before = await patientCount();
    const { mapping } = (await get(`/api/patient-imports/${importId}`)).json();
    const response = await post(`/api/patient-imports/${importId}/dry-run`, { mapping, choices: { 3: 'update' } });
    expect(response.statusCode).toBe(200);
    const dry = response.json();
    expect(dry.counts).toEqual({ create: 3, update: 1, skip: 1, error: 2 });
    expect(dry.preview[0]).toEqual({
      line: 2,
      action: 'create',
      values: expect.objectContaining({
        firstName: 'Íñigo',
        documentType: 'dni',
        documentNumber: '87654321X',
        birthDate: '1980-03-05',
        phone: '+34 611 223 344',
        insurer: 'Sanitas',
        policyNumber: 'SAN-001',
      }),
    });
    expect(dry.preview.find((row: { line: number }) => row.line === 8).values.birthDate).toBe('2026-11-30');
    expect(dry.errors).toEqual([
      { line: 4, reason: 'La letra del DNI no corresponde a sus números: «12345678A»' },
      { line: 5, reason: 'La fecha de nacimiento «31/02/1980» no existe' },
    ]);
    expect(
      dry.duplicates.map(
        (d: { line: number; matchedBy: string[]; against: { kind: string }; choice: string; allowed: string[] }) => [
          d.line,
          d.matchedBy,
          d.against.kind,
          d.choice,
          d.allowed,
        ],
      ),
    ).toEqual([
      [3, ['document', 'nameBirth'], 'existing', 'update', ['skip', 'update']],
      [6, ['document', 'nameBirth'], 'file', 'skip', ['skip', 'update']],
      [7, ['phone'], 'existing', 'create', ['skip', 'update', 'create']],
    ]);
    expect(await patientCount()).toBe(before);

    const all = await post(`/api/patient-imports/${importId}/dry-run`, { mapping, defaultChoice: 'skip' });
    expect(all.json().counts).toEqual({ create: 2, update: 0, skip: 3, error: 2 });
  });

  it('refuses a mapping without the name, in Spanish', async () => {
    const response = await post(`/api/patient-imports/${importId}/dry-run`, { mapping: Array(10).fill(null) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Elige la columna del nombre (o la del nombre completo).');
  });

  it('imports in the background: records created and updated, each row audited as imported', async () => {
    const { mapping } = (await get(`/api/patient-imports/${importId}`)).json();
    const before = await patientCount();
    const mark = await lastAuditId(t);
    const started = await post(`/api/patient-imports/${importId}/start`, { mapping, choices: { 3: 'update' } });
    expect(started.statusCode).toBe(202);
    expect(started.json().status).toBe('queued');
    expect(await patientCount()).toBe(before);
    expect((await post(`/api/patient-imports/${importId}/start`, { mapping })).statusCode).toBe(409);

    expect(await t.deps.patientImports.runPending()).toBe(1);
    const view = (await get(`/api/patient-imports/${importId}`)).json();
    expect(view).toMatchObject({
      status: 'done',
      processedRows: 7,
      counts: { create: 3, update: 1, skip: 1, error: 2 },
      finishedAt: new Date(NOW).toISOString(),
      undoUntil: '2026-12-06T23:30:00.000Z',
    });
    expect(await patientCount()).toBe(before + 3);

    const lucia = (await get(`/api/patients/${existing.id}`)).json();
    // Her allergies gain the file's; nothing of the clinic's is lost.
    expect(lucia).toMatchObject({ allergies: 'Penicilina\nLátex', insurer: 'Adeslas', policyNumber: 'ADE-9' });
    // The file's insurer is one of «Aseguradoras»: made, without CIF, since the clinic had none of that name.
    const adeslas = (await get('/api/insurers')).json().find((insurer: { name: string }) => insurer.name === 'Adeslas');
    expect(adeslas).toMatchObject({ taxId: null, patientCount: 1 });
    expect(lucia.insurerId).toBe(adeslas.id);
    const found = (await get('/api/patients?q=Alba%20Ruiz')).json();
    expect(found.items).toEqual([expect.objectContaining({ firstName: 'Alba', phone: '+34 622 334 455' })]);

    const entries = await t.database.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(asc(auditLog.id));
    const imported = entries.filter((entry) => entry.action === 'import');
    expect(imported.map((entry) => [entry.details?.line, entry.actorId, entry.entity])).toEqual([
      [2, admin.id, 'patient'],
      [3, admin.id, 'patient'],
      [7, admin.id, 'patient'],
      [8, admin.id, 'patient'],
    ]);
    expect(imported[1]).toMatchObject({
      patientId: existing.id,
      details: expect.objectContaining({ fields: ['insurer', 'policyNumber', 'allergies'] }),
    });
  });

  it('gives the rows it could not import as a file to fix and import again', async () => {
    const response = await get(`/api/patient-imports/${importId}/errors.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('pacientes%20antiguos-errores.csv');
    expect(response.body).toBe(
      '\uFEFFNº Historia;Nombre;Apellidos;DNI;F. Nacimiento;Móvil;E-mail;Alergias;Aseguradora;Nº póliza;Fila en el archivo original;Motivo del error\r\n' +
        '103;Pedro;Sanz;12345678A;01/01/1970;;;;;;4;La letra del DNI no corresponde a sus números: «12345678A»\r\n' +
        '104;Rosa;Gil;;31/02/1980;;;;;;5;La fecha de nacimiento «31/02/1980» no existe\r\n',
    );
    // Fixed in a spreadsheet, it goes back in: the two extra columns are not imported.
    const fixed = response.body.replace('12345678A', '12345678Z').replace('31/02/1980', '28/02/1980');
    const again = (await upload('errores corregidos.csv', Buffer.from(fixed, 'utf8'))).json();
    expect(again.mapping.slice(-2)).toEqual([null, null]);
    const dry = (await post(`/api/patient-imports/${again.id}/dry-run`, { mapping: again.mapping })).json();
    // Pedro's corrected DNI is Lucía's: a duplicate to decide on, not an error any more.
    expect(dry.counts).toEqual({ create: 1, update: 0, skip: 1, error: 0 });
  });

  it('undoes the whole import within the week, but for records changed since', async () => {
    const alba = (await get('/api/patients?q=Alba%20Ruiz')).json().items[0];
    const inigo = (await get('/api/patients?q=87654321X')).json().items[0];
    clock.advance(60_000);
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/patients/${inigo.id}`,
      cookie: admin.cookie,
      payload: { notes: 'Revisado en recepción' },
    });
    expect(edited.statusCode).toBe(200);
    clock.freeze('2026-12-06T22:00:00Z');
    const before = await patientCount();
    const queued = await post(`/api/patient-imports/${importId}/undo`);
    expect(queued.statusCode).toBe(202);
    expect(queued.json().status).toBe('undo_queued');
    await t.deps.patientImports.runPending();

    const view = (await get(`/api/patient-imports/${importId}`)).json();
    expect(view).toMatchObject({ status: 'undone', keptOnUndo: 1, undoUntil: null });
    expect(await patientCount()).toBe(before - 2);
    expect((await get(`/api/patients/${alba.id}`)).statusCode).toBe(404);
    expect((await get(`/api/patients/${inigo.id}`)).json().notes).toBe('Revisado en recepción');
    const lucia = (await get(`/api/patients/${existing.id}`)).json();
    expect(lucia).toMatchObject({
      allergies: 'Penicilina',
      insurer: 'Sanitas',
      insurerId: sanitas,
      policyNumber: 'POL-1',
    });
    const undone = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'undo'))
      .orderBy(asc(auditLog.id));
    expect(undone.map((entry) => entry.details?.line)).toEqual([8, 7, 3]);
    expect((await post(`/api/patient-imports/${importId}/undo`)).statusCode).toBe(409);
  });

  it('refuses the undo once the week is over', async () => {
    const view = (await upload('otra.csv', Buffer.from('Nombre;Apellidos\nEva;Sol\n'))).json();
    await post(`/api/patient-imports/${view.id}/start`, { mapping: view.mapping });
    await t.deps.patientImports.runPending();
    clock.advance(7 * 24 * 3_600_000 + 1000);
    expect((await get(`/api/patient-imports/${view.id}`)).json().undoUntil).toBeNull();
    const response = await post(`/api/patient-imports/${view.id}/undo`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Una importación solo se puede deshacer durante 7 días: esta ya no.');
  });

  it('reads an .xlsx: date cells and numbers as the spreadsheet shows them', async () => {
    const file = await xlsx([
      ['Apellidos, Nombre', 'Fecha de nacimiento', 'Teléfono', 'Sexo'],
      ['Vidal Roca, Núria', new Date(Date.UTC(1990, 6, 1)), 633445566, 'M'],
    ]);
    const view = (await upload('export.xlsx', file)).json();
    expect(view).toMatchObject({ kind: 'xlsx', encoding: null, mapping: ['fullName', 'birthDate', 'phone', 'sex'] });
    const dry = (await post(`/api/patient-imports/${view.id}/dry-run`, { mapping: view.mapping })).json();
    expect(dry.preview[0].values).toMatchObject({
      firstName: 'Núria',
      lastName: 'Vidal Roca',
      birthDate: '1990-07-01',
      phone: '+34 633 445 566',
      sex: 'mujer',
    });
  });

  it('refuses what is not a file of patients, in Spanish', async () => {
    const pdf = await upload('informe.pdf', Buffer.from('%PDF-1.4\u0000\u0001binario'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe('El archivo no es de texto (.csv) ni una hoja de cálculo (.xlsx, .ods).');
    const empty = await upload('vacio.csv', Buffer.from('Nombre;Apellidos\r\n'));
    expect(empty.statusCode).toBe(201);
    expect(empty.json().totalRows).toBe(0);
  });

  it('resumes an import stopped between two chunks, writing each row once', async () => {
    const lines = ['Nombre;Apellidos;Teléfono'];
    for (let i = 0; i < 1500; i++) lines.push(`Persona${i};Reanudada;6${String(10_000_000 + i)}`);
    const view = (await upload('grande.csv', Buffer.from(lines.join('\n')))).json();
    await post(`/api/patient-imports/${view.id}/start`, { mapping: view.mapping });
    const before = await patientCount();
    // Stops after the first chunk, as a server shutting down would.
    let reads = 0;
    const stopping = {
      get aborted() {
        return ++reads > 1;
      },
    } as AbortSignal;
    expect(await t.deps.patientImports.runPending(stopping)).toBe(0);
    const halfway = (await get(`/api/patient-imports/${view.id}`)).json();
    expect(halfway).toMatchObject({ status: 'running', processedRows: 1000, counts: { create: 1000 } });
    expect(await t.deps.patientImports.runPending()).toBe(1);
    const done = (await get(`/api/patient-imports/${view.id}`)).json();
    expect(done).toMatchObject({ status: 'done', processedRows: 1500, counts: { create: 1500, skip: 0, error: 0 } });
    expect(await patientCount()).toBe(before + 1500);
  });
});
