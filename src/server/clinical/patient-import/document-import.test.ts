import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { auditLog } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { samplePdf, samplePng } from '../files/sample-files';

/** Sunday 29 November 2026, 21:40 in Madrid: a clinic moving in over the weekend, in the evening. */
const NOW = '2026-11-29T20:40:00Z';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { cookie: string };
let patients: Record<'inigo' | 'rosa' | 'eva', string>;
let zip: Buffer;
let pdf: Buffer;
let png: Buffer;

function upload(fileName: string, content: Buffer, target = 'documents', cookie = admin.cookie) {
  const boundary = 'documentos';
  return t.request({
    method: 'POST',
    url: `/api/patient-imports?target=${target}`,
    cookie,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
const post = (url: string, payload?: object) => t.request({ method: 'POST', url, cookie: admin.cookie, payload });
const get = (url: string) => t.request({ method: 'GET', url, cookie: admin.cookie });
const filesOf = async (patientId: string) =>
  (await get(`/api/files?patientId=${patientId}&pageSize=50`)).json().items as {
    id: string;
    name: string;
    type: string;
    size: number;
    visibleToPatient: boolean;
    description: string;
  }[];

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await t.createUser({ role: 'doctor' });
  // The patients first, with their codes of the previous program (kept with their import).
  const csv =
    'Nº Historia;Nombre;Apellidos;DNI\r\nH-501;Íñigo;Muñoz;87654321X\r\nH-502;Rosa;Gil;\r\nH-503;Eva;Sol;11111111H\r\n';
  const view = (await upload('pacientes.csv', Buffer.from(csv, 'latin1'), 'patients')).json();
  await post(`/api/patient-imports/${view.id}/start`, { mapping: view.mapping });
  await t.deps.patientImports.runPending();
  const search = async (q: string) => (await get(`/api/patients?q=${encodeURIComponent(q)}`)).json().items[0].id;
  patients = { inigo: await search('87654321X'), rosa: await search('Rosa Gil'), eva: await search('11111111H') };
  pdf = await samplePdf('Informe de alta', ['Paciente: Íñigo Muñoz']);
  png = await samplePng();
  const u8 = (bytes: Buffer | string) => new Uint8Array(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
  zip = Buffer.from(
    zipSync({
      // 1: Íñigo by his document, the file's whole name.
      '87654321X.pdf': u8(pdf),
      // 2: Rosa by her code, her folder's name; «Informe» in the name files it under «Informes».
      'H-502/Informe alta.pdf': u8(pdf),
      // 3: Eva by her document written with a hyphen and lower case, before «_»: an analysis.
      '11111111-h_analitica 2019.pdf': u8(pdf),
      // 4: an image of Íñigo's: «Imágenes».
      'fotos/87654321X (1).png': u8(png),
      // 5: nobody has this document.
      '00000000T.pdf': u8(pdf),
      // 6: text, not a document the chart takes (its content is looked at, not its name).
      '87654321X_notas.pdf': u8('solo texto, no es un PDF'),
      // 7: the same file as row 1 again, in another folder: filed once.
      'copia/87654321X.pdf': u8(pdf),
      // 8: the file names Íñigo, its folder Rosa: nobody's until renamed.
      'H-502/87654321X.pdf': u8(pdf),
      // What systems leave in a ZIP is not a row.
      '__MACOSX/._87654321X.pdf': u8('x'),
      'Thumbs.db': u8('x'),
      'vacia/': new Uint8Array(),
    }),
  );
});
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

describe('import of the documents of the previous program (a ZIP named by document or code)', () => {
  let importId: string;

  it('reads the ZIP as its files, without what systems leave in it, and guesses the mapping', async () => {
    const response = await upload('documentos.zip', zip);
    expect(response.statusCode).toBe(201);
    const view = response.json();
    importId = view.id;
    expect(view).toMatchObject({
      target: 'documents',
      kind: 'zip',
      totalRows: 8,
      header: ['Archivo', 'Tamaño (bytes)'],
      mapping: ['documentFile', null],
    });
    expect(view.sample[1]).toEqual(['H-502/Informe alta.pdf', String(pdf.length)]);
  });

  it('runs dry: whose chart each file goes to, in which folder, and why the others do not', async () => {
    const dry = (await post(`/api/patient-imports/${importId}/dry-run`, { mapping: ['documentFile', null] })).json();
    expect(dry.counts).toEqual({ create: 4, update: 0, skip: 1, error: 3 });
    expect(dry.documentPreview.slice(0, 4)).toEqual([
      {
        line: 1,
        action: 'create',
        file: '87654321X.pdf',
        patient: 'Íñigo Muñoz',
        type: 'otros',
        size: pdf.length,
        reason: '',
      },
      {
        line: 2,
        action: 'create',
        file: 'H-502/Informe alta.pdf',
        patient: 'Rosa Gil',
        type: 'informes',
        size: pdf.length,
        reason: '',
      },
      {
        line: 3,
        action: 'create',
        file: '11111111-h_analitica 2019.pdf',
        patient: 'Eva Sol',
        type: 'analisis',
        size: pdf.length,
        reason: '',
      },
      {
        line: 4,
        action: 'create',
        file: 'fotos/87654321X (1).png',
        patient: 'Íñigo Muñoz',
        type: 'imagenes',
        size: png.length,
        reason: '',
      },
    ]);
    expect(dry.documentPreview[6]).toMatchObject({ line: 7, action: 'skip', reason: 'Repetido en el ZIP (fila 1).' });
    expect(dry.errors).toEqual([
      {
        line: 5,
        reason:
          'Ningún paciente tiene el documento o el código del programa anterior «00000000T»: nombra el archivo (o su carpeta) con uno de los dos.',
      },
      { line: 6, reason: 'No es un PDF, JPEG, PNG, WebP, HEIC ni DOCX (se mira su contenido, no su nombre).' },
      {
        line: 8,
        reason:
          'El nombre corresponde a más de un paciente (Íñigo Muñoz por «87654321X» y Rosa Gil por «H-502»): renómbralo con uno solo.',
      },
    ]);
    const report = await get(`/api/patient-imports/${importId}/errors.csv`);
    expect(report.body).toContain('00000000T.pdf');
    expect(report.body).toContain('renómbralo con uno solo');
  });

  it('files each document in its patient’s chart, hidden from her, its content intact, each audited as imported', async () => {
    expect((await post(`/api/patient-imports/${importId}/start`, { mapping: ['documentFile', null] })).statusCode).toBe(
      202,
    );
    await t.deps.patientImports.runPending();
    const done = (await get(`/api/patient-imports/${importId}`)).json();
    expect(done).toMatchObject({ status: 'done', counts: { create: 4, update: 0, skip: 1, error: 3 } });
    const inigo = await filesOf(patients.inigo);
    expect(inigo.map((file) => [file.name, file.type, file.visibleToPatient]).sort()).toEqual([
      ['87654321X (1).png', 'imagenes', false],
      ['87654321X.pdf', 'otros', false],
    ]);
    expect(inigo[0]!.description).toMatch(/^Importado de «documentos\.zip» \(/);
    const [rosa] = await filesOf(patients.rosa);
    const content = await t.request({ method: 'GET', url: `/api/files/${rosa!.id}/content`, cookie: admin.cookie });
    expect(content.rawPayload.equals(pdf)).toBe(true);
    const audited = await t.database.db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import'), eq(auditLog.entity, 'file')));
    expect(audited).toHaveLength(4);
  });

  it('the same ZIP again files nothing twice: what is already in a chart is omitted', async () => {
    const again = (await upload('documentos.zip', zip)).json();
    const dry = (await post(`/api/patient-imports/${again.id}/dry-run`, { mapping: ['documentFile', null] })).json();
    expect(dry.counts).toEqual({ create: 0, update: 0, skip: 5, error: 3 });
    expect(dry.documentPreview[0]).toMatchObject({
      action: 'skip',
      reason: 'Ya está en su ficha (mismo nombre y tamaño).',
    });
  });

  it('undone within the week, the documents leave the charts (one deleted at the desk since included)', async () => {
    const [eva] = await filesOf(patients.eva);
    expect((await t.request({ method: 'DELETE', url: `/api/files/${eva!.id}`, cookie: admin.cookie })).statusCode).toBe(
      204,
    );
    clock.freeze('2026-12-05T09:00:00Z');
    expect((await post(`/api/patient-imports/${importId}/undo`)).statusCode).toBe(202);
    await t.deps.patientImports.runPending();
    expect((await get(`/api/patient-imports/${importId}`)).json()).toMatchObject({ status: 'undone', keptOnUndo: 0 });
    expect(await filesOf(patients.inigo)).toEqual([]);
    expect(await filesOf(patients.rosa)).toEqual([]);
    const undone = await t.database.db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'undo'), eq(auditLog.entity, 'file')));
    expect(undone).toHaveLength(4);
    clock.freeze(NOW);
  });

  it('refuses, in Spanish, what is not a ZIP of documents', async () => {
    const notZip = await upload('pacientes.csv', Buffer.from('Nombre;Apellidos\r\nAna;Gil\r\n'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().error.message).toMatch(/^El archivo no es un ZIP/);
    const sheet = Buffer.from(
      zipSync({ 'xl/workbook.xml': new Uint8Array([60]), '[Content_Types].xml': new Uint8Array([60]) }),
    );
    expect((await upload('pacientes.xlsx', sheet)).json().error.message).toBe(
      'Es una hoja de cálculo, no un ZIP de documentos: para importarla elige «Pacientes» o «Citas futuras».',
    );
    const empty = Buffer.from(zipSync({ 'carpeta/': new Uint8Array(), '.DS_Store': new Uint8Array([1]) }));
    expect((await upload('vacio.zip', empty)).json().error.message).toBe('El ZIP no tiene ningún documento.');
    const broken = Buffer.concat([zip.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect((await upload('roto.zip', broken)).json().error.message).toMatch(/^No se puede abrir el ZIP/);
  });

  it('is the desk’s: a doctor may not bring documents in', async () => {
    expect((await upload('documentos.zip', zip, 'documents', doctor.cookie)).statusCode).toBe(403);
  });
});
