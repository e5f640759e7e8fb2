import { readClinicSettings } from '../../platform';
import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import type { RoutePlugin } from '../route-deps';
import { fileTypeFromBuffer } from 'file-type';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  ACCEPTED_FILE_MIMES,
  fileContentQuerySchema,
  fileListQuerySchema,
  fileListSchema,
  fileUploadFieldsSchema,
  patientFileSchema,
  type PatientFile,
} from '../../../common/schemas/files';
import { mayFileWithoutPatient } from '../../access';
import { AppError, notFound, validationError } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { startOfDay } from '../../platform';
import { contentDisposition, DEFAULT_FILES_MAX_MB, sanitizeFileName } from './names';

import type { FileView } from './repository';
import { deleteFile, FILE_NOT_FOUND, openFileContent, storeFile } from './use-cases';

export const UNSUPPORTED_FILE_MESSAGE =
  'Solo se admiten documentos PDF, JPEG, PNG, WebP, HEIC o DOCX: el contenido de este archivo no es ninguno de ellos.';
export const tooLargeMessage = (maxMb: number) => `El archivo supera el tamaño máximo permitido (${maxMb} MB).`;

const idParams = z.object({ id: z.uuid({ error: FILE_NOT_FOUND }) });

function presentFile(row: FileView): PatientFile {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    mime: row.mime,
    size: row.size,
    visibleToPatient: row.visibleToPatient,
    patient: row.patientId
      ? { id: row.patientId, name: `${row.patientFirstName ?? ''} ${row.patientLastName ?? ''}`.trim() }
      : null,
    uploadedBy: row.uploaderName ?? '',
    createdAt: row.createdAt.toISOString(),
  };
}

/** The text fields of a multipart upload (the file part left out). */
function textFields(fields: Record<string, Multipart | Multipart[] | undefined>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, part] of Object.entries(fields)) {
    if (part && !Array.isArray(part) && part.type === 'field') values[name] = part.value;
  }
  return values;
}

export const filesRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;
  const maxMb = deps.config.filesMaxMb ?? DEFAULT_FILES_MAX_MB;

  app.get(
    api.files,
    {
      config: { access: 'read:files' },
      schema: { querystring: fileListQuerySchema, response: { 200: fileListSchema } },
    },
    async (request) => {
      const { type, patientId, from, to, page, pageSize } = request.query;
      const { timeZone } = await readClinicSettings(deps);
      const search = {
        type,
        patientId,
        from: from ? startOfDay(from, timeZone) : undefined,
        to: to ? startOfDay(Temporal.PlainDate.from(to).add({ days: 1 }).toString(), timeZone) : undefined,
        page,
        pageSize,
      };
      const found = await auditedRead(
        db,
        async (db) => {
          // Another doctor's (or person's) patient answers 404, as one that does not exist.
          if (patientId) await request.scope.patient(patientId, db);
          return request.scope.files.search(search, db);
        },
        (result) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'file',
          patientId,
          details: { type: type ?? '', from: from ?? '', to: to ?? '', page, results: result.items.length },
        }),
      );
      return { items: found.items.map(presentFile), total: found.total, page, pageSize, maxMb };
    },
  );

  app.post(
    api.files,
    { config: { access: 'upload:files' }, schema: { response: { 201: patientFileSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_FILE', 'Envía el documento como archivo (multipart/form-data).');
      const part = await request.file({ limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 10 } });
      if (!part) throw validationError({ file: 'Adjunta un archivo' });
      const content = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'BODY_TOO_LARGE', tooLargeMessage(maxMb));
        throw error;
      });
      if (part.file.truncated) throw new AppError(413, 'BODY_TOO_LARGE', tooLargeMessage(maxMb));
      const parsed = fileUploadFieldsSchema.safeParse(textFields(part.fields));
      if (!parsed.success) {
        throw validationError(
          Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'file'), issue.message])),
        );
      }
      const fields = parsed.data;
      // A doctor files documents in the chart of a patient of theirs; only staff keep files of nobody.
      if (!fields.patientId && !mayFileWithoutPatient(request.scope.visibility))
        throw validationError({ patientId: 'Elige el paciente' });
      // The real type, from the bytes: a renamed executable is not a PDF.
      const detected = await fileTypeFromBuffer(content);
      const mime = detected?.mime;
      if (!mime || !(ACCEPTED_FILE_MIMES as readonly string[]).includes(mime)) {
        throw new AppError(415, 'UNSUPPORTED_FILE', UNSUPPORTED_FILE_MESSAGE);
      }
      const id = randomUUID();
      const name = sanitizeFileName(part.filename, mime);
      const file = {
        id,
        patientId: fields.patientId ?? null,
        type: fields.type,
        name,
        description: fields.description,
        mime,
        size: content.length,
        visibleToPatient: fields.visibleToPatient,
        uploadedBy: user.id,
      };
      await storeFile(deps, request.scope, file, content, {
        ...auditContext(request),
        action: 'create',
        entity: 'file',
        entityId: id,
        patientId: fields.patientId,
        details: { name, type: fields.type, size: content.length },
      });
      const created = await request.scope.files.findById(id);
      return reply.status(201).send(presentFile(created!));
    },
  );

  app.get(
    api.fileContent(':id'),
    { config: { access: 'read:files' }, schema: { params: idParams, querystring: fileContentQuerySchema } },
    async (request, reply) => {
      const { disposition } = request.query;
      const file = await auditedRead(
        db,
        async (db) => {
          const found = await request.scope.files.findById(request.params.id, db);
          if (!found) throw notFound(FILE_NOT_FOUND);
          return found;
        },
        (found) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'file',
          entityId: found.id,
          patientId: found.patientId ?? undefined,
          details: { name: found.name, view: disposition === 'inline' ? 'preview' : 'download' },
        }),
      );
      return (
        reply
          .header('Content-Type', file.mime)
          .header('Content-Length', file.size)
          .header('Content-Disposition', contentDisposition(disposition, file.name))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          // The app's preview shows it in a frame of its own pages; nothing in it may run.
          .header('X-Frame-Options', 'SAMEORIGIN')
          .header(
            'Content-Security-Policy',
            "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
          )
          .send(openFileContent(deps, file.id))
      );
    },
  );

  app.delete(
    api.file(':id'),
    { config: { access: 'delete:files' }, schema: { params: idParams } },
    async (request, reply) => {
      const user = requireUser(request);
      // The row stays (marked deleted) and the entry names what was deleted.
      await deleteFile(deps, request.scope, request.params.id, user.id, (found) => ({
        ...auditContext(request),
        action: 'delete',
        entity: 'file',
        entityId: found.id,
        patientId: found.patientId ?? undefined,
        details: { name: found.name, type: found.type },
      }));
      return reply.status(204).send();
    },
  );
};
