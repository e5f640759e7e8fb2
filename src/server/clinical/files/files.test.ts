import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileList, PatientFile } from '../../../common/schemas/files';
import { clock } from '../../platform/clock';
import { auditLog, patientFileChunks, patientFiles, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment } from '../../test/fixtures';
import { ELF_EXECUTABLE, multipartUpload, sampleDocx, samplePdf, samplePng } from './sample-files';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctorA: string;
let doctorB: string;
let pacienteA: { id: string; cookie: string };
let pacienteB: { id: string; cookie: string };
let recordA: string;
let recordB: string;
let pdf: Buffer;
let png: Buffer;

const NOW = '2030-03-04T10:00:00+01:00';

async function signedInDoctor(name: string) {
  const doctor = await createDoctor(t, admin.cookie, { displayName: name });
  const { hashPassword } = await import('../../identity/auth/passwords');
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(doctor.id, { passwordHash: await hashPassword('una-clave-segura-1') }, tx),
  );
  return { id: doctor.id, cookie: await t.signIn(doctor.email) };
}

async function recordOf(accountId: string) {
  return (await t.deps.repos.patients.findByAccount(accountId))!.id;
}

const upload = (cookie: string, file: Buffer, name: string, fields: Record<string, string>) =>
  t.request({ method: 'POST', url: '/api/files', cookie, ...multipartUpload(file, name, fields) });

async function uploaded(
  cookie: string,
  file: Buffer,
  name: string,
  fields: Record<string, string>,
): Promise<PatientFile> {
  const response = await upload(cookie, file, name, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const list = async (cookie: string, query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/files${query}`, cookie });
  return { status: response.statusCode, body: response.json() as FileList };
};

let doctorACookie: string;
let doctorBCookie: string;
/** A's record: an analysis visible to the patient, a report not visible; B's record: one image; one file of nobody. */
let files: { visibleA: PatientFile; hiddenA: PatientFile; imageB: PatientFile; unlinked: PatientFile };

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp({ config: { filesMaxMb: 2 } });
  admin = await t.createUser({ role: 'admin' });
  const a = await signedInDoctor('Dra. Archivo Uno');
  const b = await signedInDoctor('Dr. Archivo Dos');
  doctorA = a.id;
  doctorB = b.id;
  doctorACookie = a.cookie;
  doctorBCookie = b.cookie;
  pacienteA = await t.createUser({ role: 'paciente', displayName: 'Ana Archivo' });
  pacienteB = await t.createUser({ role: 'paciente', displayName: 'Blas Archivo' });
  recordA = await recordOf(pacienteA.id);
  recordB = await recordOf(pacienteB.id);
  await insertAppointment(t, {
    patientId: recordA,
    doctorId: doctorA,
    startsAt: new Date('2030-03-05T09:00:00+01:00'),
  });
  await insertAppointment(t, {
    patientId: recordB,
    doctorId: doctorB,
    startsAt: new Date('2030-03-05T09:00:00+01:00'),
  });
  pdf = await samplePdf('Análisis de sangre', ['Hemoglobina 14 g/dL']);
  png = await samplePng();
  files = {
    visibleA: await uploaded(admin.cookie, pdf, 'análisis marzo.pdf', {
      type: 'analisis',
      patientId: recordA,
      visibleToPatient: 'true',
      description: 'Hemograma',
    }),
    hiddenA: await uploaded(admin.cookie, pdf, 'informe interno.pdf', { type: 'informes', patientId: recordA }),
    imageB: await uploaded(admin.cookie, png, 'radiografía.png', {
      type: 'imagenes',
      patientId: recordB,
      visibleToPatient: 'true',
    }),
    unlinked: await uploaded(admin.cookie, pdf, 'protocolo.pdf', { type: 'otros' }),
  };
});
afterAll(async () => {
  clock.freeze(null);
  await t?.close();
});

describe('uploads', () => {
  it('keeps the file with its type, description, patient and the real content type, and audits it', async () => {
    expect(files.visibleA).toMatchObject({
      type: 'analisis',
      name: 'análisis marzo.pdf',
      description: 'Hemograma',
      mime: 'application/pdf',
      size: pdf.length,
      visibleToPatient: true,
      patient: { id: recordA },
    });
    expect(files.visibleA.createdAt).toBe(new Date(NOW).toISOString());
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, files.visibleA.id), eq(auditLog.action, 'create')));
    expect(entry).toMatchObject({ entity: 'file', actorId: admin.id, patientId: recordA });
    expect(entry!.details).toMatchObject({ name: 'análisis marzo.pdf', type: 'analisis' });
  });

  it('accepts a Word document (a ZIP inside) and names it by its content', async () => {
    const docx = await uploaded(admin.cookie, await sampleDocx(), 'consentimiento', {
      type: 'consentimientos',
      patientId: recordB,
    });
    expect(docx.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.name).toBe('consentimiento.docx');
  });

  it('refuses a renamed executable with 415 and a Spanish message, storing nothing', async () => {
    const before = (await t.database.db.select().from(patientFiles)).length;
    for (const [content, name] of [
      [ELF_EXECUTABLE, 'informe.pdf'],
      [
        Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0), Buffer.from('PE\0\0'), Buffer.alloc(200, 0)]),
        'foto.png',
      ],
      [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'analisis.pdf'],
    ] as const) {
      const response = await upload(admin.cookie, content, name, { type: 'informes', patientId: recordA });
      expect(response.statusCode, name).toBe(415);
      expect(response.json().error.message).toBe(
        'Solo se admiten documentos PDF, JPEG, PNG, WebP, HEIC o DOCX: el contenido de este archivo no es ninguno de ellos.',
      );
    }
    expect((await t.database.db.select().from(patientFiles)).length).toBe(before);
  });

  it('answers 413 in Spanish above the configured size (FILES_MAX_MB, here 2 MB)', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const response = await upload(admin.cookie, big, 'grande.pdf', { type: 'informes' });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('El archivo supera el tamaño máximo permitido (2 MB).');
  });

  it('neutralises path-traversal and control characters in names', async () => {
    const names = await Promise.all(
      ['../../etc/passwd.pdf', '..\\\\x.pdf', 'a\u0007b\u202e.pdf', '...pdf'].map(
        async (name) => (await uploaded(admin.cookie, pdf, name, { type: 'otros' })).name,
      ),
    );
    expect(names).toEqual(['passwd.pdf', 'x.pdf', 'ab.pdf', 'pdf.pdf']);
    for (const name of names) expect(name).not.toMatch(/[/\\]|\.\.|\p{Cc}/u);
  });

  it('asks for the type in Spanish', async () => {
    const response = await upload(admin.cookie, pdf, 'x.pdf', { type: 'facturas' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ type: 'Elige el tipo de documento' });
  });

  it('a doctor adds files to their own patient only, and always to a patient', async () => {
    const own = await uploaded(doctorACookie, png, 'herida.png', { type: 'imagenes', patientId: recordA });
    expect(own.patient?.id).toBe(recordA);
    expect((await upload(doctorACookie, png, 'x.png', { type: 'imagenes', patientId: recordB })).statusCode).toBe(404);
    const none = await upload(doctorACookie, png, 'x.png', { type: 'imagenes' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ patientId: 'Elige el paciente' });
  });

  it('patients cannot upload', async () => {
    expect((await upload(pacienteA.cookie, pdf, 'x.pdf', { type: 'otros', patientId: recordA })).statusCode).toBe(403);
  });
});

describe('lists', () => {
  it('admins see every file, filtered by type, patient and dates, paginated with the total', async () => {
    const all = await list(admin.cookie, '?pageSize=100');
    expect(all.body.items.map((file) => file.id)).toEqual(
      expect.arrayContaining(Object.values(files).map((file) => file.id)),
    );
    const images = await list(admin.cookie, '?type=imagenes&pageSize=100');
    expect(images.body.items.every((file) => file.type === 'imagenes')).toBe(true);
    expect(images.body.items.map((file) => file.id)).toContain(files.imageB.id);
    const ofB = await list(admin.cookie, `?patientId=${recordB}&pageSize=100`);
    expect(ofB.body.items.every((file) => file.patient?.id === recordB)).toBe(true);
    expect(ofB.body.total).toBe(2);
    const page = await list(admin.cookie, '?pageSize=2&page=2');
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBe(all.body.total);
    expect((await list(admin.cookie, '?from=2030-03-04&to=2030-03-04')).body.total).toBe(all.body.total);
    expect((await list(admin.cookie, '?from=2030-03-05')).body.total).toBe(0);
    expect((await list(admin.cookie, '?to=2030-03-03')).body.total).toBe(0);
  });

  it("a doctor sees only the files of their patients; another doctor's patient is a 404", async () => {
    const mine = await list(doctorACookie, '?pageSize=100');
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((file) => file.patient?.id === recordA)).toBe(true);
    expect(mine.body.total).toBe(mine.body.items.length);
    expect((await list(doctorACookie, `?patientId=${recordA}`)).body.items.map((file) => file.id)).toContain(
      files.hiddenA.id,
    );
    expect((await list(doctorACookie, `?patientId=${recordB}`)).status).toBe(404);
    expect((await list(doctorBCookie, `?patientId=${recordA}`)).status).toBe(404);
  });

  it('a patient sees only the files of their record marked visible to them', async () => {
    const own = await list(pacienteA.cookie);
    expect(own.body.items.map((file) => file.id)).toEqual([files.visibleA.id]);
    expect(own.body.total).toBe(1);
    expect(own.body.items[0]!.description).toBe('Hemograma');
    expect((await list(pacienteA.cookie, '?type=informes')).body.total).toBe(0);
    expect((await list(pacienteA.cookie, `?patientId=${recordB}`)).status).toBe(404);
    expect((await list(pacienteB.cookie)).body.items.map((file) => file.id)).toEqual([files.imageB.id]);
  });

  it("a list of a patient's files is in the audit trail", async () => {
    await list(doctorACookie, `?patientId=${recordA}`);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, doctorA), eq(auditLog.entity, 'file'), eq(auditLog.action, 'list')));
    expect(entries.some((entry) => entry.patientId === recordA)).toBe(true);
  });
});

describe('download and preview', () => {
  const content = (cookie: string | undefined, id: string, query = '') =>
    t.request({ method: 'GET', url: `/api/files/${id}/content${query}`, cookie });

  it('serves the bytes inline for a preview, or as an attachment with an RFC 5987 name, and audits each', async () => {
    const preview = await content(admin.cookie, files.visibleA.id);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(pdf)).toBe(true);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toBe(
      `inline; filename="analisis marzo.pdf"; filename*=UTF-8''an%C3%A1lisis%20marzo.pdf`,
    );
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    const download = await content(admin.cookie, files.imageB.id, '?disposition=attachment');
    expect(download.rawPayload.equals(png)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="radiografia.png"; filename\*=UTF-8''radiograf%C3%ADa.png$/,
    );
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'read'), eq(auditLog.entity, 'file')));
    expect(reads.map((entry) => (entry.details as { view: string }).view).sort()).toEqual(['download', 'preview']);
  });

  it('serves a file of several pieces whole', async () => {
    const large = Buffer.concat([pdf, Buffer.alloc(1536 * 1024, 0x20)]);
    const file = await uploaded(admin.cookie, large, 'largo.pdf', { type: 'informes' });
    expect(
      await t.database.db
        .select({ seq: patientFileChunks.seq })
        .from(patientFileChunks)
        .where(eq(patientFileChunks.fileId, file.id)),
    ).toHaveLength(2);
    const response = await content(admin.cookie, file.id);
    expect(response.rawPayload.equals(large)).toBe(true);
  });

  it("doctors download their patients' files; another doctor's, a hidden one for the patient or another patient's is a 404", async () => {
    expect((await content(doctorACookie, files.hiddenA.id)).statusCode).toBe(200);
    expect((await content(doctorACookie, files.imageB.id)).statusCode).toBe(404);
    expect((await content(doctorACookie, files.unlinked.id)).statusCode).toBe(404);
    expect((await content(doctorBCookie, files.visibleA.id)).statusCode).toBe(404);
    expect((await content(pacienteA.cookie, files.visibleA.id, '?disposition=attachment')).statusCode).toBe(200);
    expect((await content(pacienteA.cookie, files.hiddenA.id)).statusCode).toBe(404);
    expect((await content(pacienteA.cookie, files.imageB.id)).statusCode).toBe(404);
    expect((await content(pacienteB.cookie, files.visibleA.id)).statusCode).toBe(404);
    expect((await content(undefined, files.visibleA.id)).statusCode).toBe(401);
  });
});

describe('deletion', () => {
  it('only admins delete; the row stays marked deleted, the contents go, the audit entry names it', async () => {
    const target = await uploaded(admin.cookie, png, 'duplicado.png', {
      type: 'imagenes',
      patientId: recordA,
      visibleToPatient: 'true',
    });
    const remove = (cookie: string) => t.request({ method: 'DELETE', url: `/api/files/${target.id}`, cookie });
    expect((await remove(doctorACookie)).statusCode).toBe(403);
    expect((await remove(pacienteA.cookie)).statusCode).toBe(403);
    expect((await remove(admin.cookie)).statusCode).toBe(204);
    expect((await remove(admin.cookie)).statusCode).toBe(404);

    const [row] = await t.database.db.select().from(patientFiles).where(eq(patientFiles.id, target.id));
    expect(row).toMatchObject({ deletedBy: admin.id, name: 'duplicado.png' });
    expect(await t.database.db.select().from(patientFileChunks).where(eq(patientFileChunks.fileId, target.id))).toEqual(
      [],
    );
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, target.id), eq(auditLog.action, 'delete')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      patientId: recordA,
      details: { name: 'duplicado.png', type: 'imagenes' },
    });

    expect((await list(admin.cookie, '?pageSize=100')).body.items.map((file) => file.id)).not.toContain(target.id);
    expect((await list(pacienteA.cookie)).body.items.map((file) => file.id)).not.toContain(target.id);
    expect(
      (await t.request({ method: 'GET', url: `/api/files/${target.id}/content`, cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });

  it('keeps the patient record intact', async () => {
    expect(await t.database.db.select({ id: patients.id }).from(patients).where(eq(patients.id, recordA))).toHaveLength(
      1,
    );
  });
});
