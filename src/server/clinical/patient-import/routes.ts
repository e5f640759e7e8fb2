import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  IMPORT_TARGETS,
  importDryRunSchema,
  importListSchema,
  importPlanInputSchema,
  importViewSchema,
} from '../../../common/schemas/patient-import';
import { requireUser } from '../../access';
import { AppError, validationError } from '../../platform';
import { auditedRead, auditContext } from '../../platform';
import { contentDisposition } from '../files/names';
import type { RoutePlugin } from '../route-deps';
import { IMPORT_NOT_FOUND } from './service';

/** The largest file an import takes (50 000 patients with notes are about 15 MB as CSV). */
export const IMPORT_MAX_MB = 40;
/** A plan names a choice per duplicate: up to a hundred thousand of them. */
const PLAN_BODY_LIMIT = 8 * 1024 * 1024;

const idParams = z.object({ id: z.uuid({ error: IMPORT_NOT_FOUND }) });
/** What the file holds: patients (by default), or the future appointments of patients already in the clinic. */
const uploadQuery = z.object({
  target: z
    .enum(IMPORT_TARGETS, { error: 'Elige si el archivo trae pacientes, citas o documentos' })
    .default('patients'),
});

/**
 * «Configuración › Importar pacientes» (issue 37, item 3): upload a file of the previous program, map its
 * columns, run it dry, start it (a worker carries it out; the page follows its progress), undo it within a
 * week, and download the rows it could not import. The desk only (`import:patients`).
 */
export const patientImportRoutes: RoutePlugin = async (app, deps) => {
  const service = deps.patientImports;
  const { db } = deps.database;

  app.get(
    api.patientImports,
    { config: { access: 'import:patients' }, schema: { response: { 200: importListSchema } } },
    async () => ({ items: await service.list() }),
  );

  app.post(
    api.patientImports,
    {
      config: { access: 'import:patients' },
      schema: { querystring: uploadQuery, response: { 201: importViewSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart())
        throw new AppError(
          415,
          'UNSUPPORTED_FILE',
          'Envía el archivo de pacientes como archivo (multipart/form-data).',
        );
      const part = await request.file({ limits: { fileSize: IMPORT_MAX_MB * 1024 * 1024, files: 1, fields: 5 } });
      const documents = request.query.target === 'documents';
      if (!part)
        throw validationError({
          file: documents ? 'Adjunta el ZIP de los documentos' : 'Adjunta el archivo de pacientes (.csv, .xlsx u .ods)',
        });
      const tooLarge = () =>
        new AppError(
          413,
          'BODY_TOO_LARGE',
          `El archivo supera el tamaño máximo permitido (${IMPORT_MAX_MB} MB).${documents ? ' Reparte los documentos en varios ZIP.' : ''}`,
        );
      const content = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      });
      if (part.file.truncated) throw tooLarge();
      const view = await service.upload({
        fileName: part.filename || '',
        content,
        actorId: user.id,
        target: request.query.target,
      });
      return reply.status(201).send(view);
    },
  );

  app.get(
    api.patientImport(':id'),
    { config: { access: 'import:patients' }, schema: { params: idParams, response: { 200: importViewSchema } } },
    async (request) => service.view(request.params.id),
  );

  app.post(
    api.patientImportDryRun(':id'),
    {
      bodyLimit: PLAN_BODY_LIMIT,
      config: { access: 'import:patients' },
      schema: { params: idParams, body: importPlanInputSchema, response: { 200: importDryRunSchema } },
    },
    async (request) =>
      // The duplicates name records of the clinic: the read is audited like a list of patients.
      auditedRead(
        db,
        () => service.dryRun(request.params.id, request.body),
        (result) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'patient',
          details: {
            view: 'import',
            importId: request.params.id,
            results: result.duplicates.filter((duplicate) => duplicate.against.kind === 'existing').length,
          },
        }),
      ),
  );

  app.post(
    api.patientImportStart(':id'),
    {
      bodyLimit: PLAN_BODY_LIMIT,
      config: { access: 'import:patients' },
      schema: { params: idParams, body: importPlanInputSchema, response: { 202: importViewSchema } },
    },
    async (request, reply) => reply.status(202).send(await service.start(request.params.id, request.body)),
  );

  app.post(
    api.patientImportUndo(':id'),
    { config: { access: 'import:patients' }, schema: { params: idParams, response: { 202: importViewSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(202).send(await service.undo(request.params.id, user.id));
    },
  );

  app.get(
    api.patientImportErrors(':id'),
    { config: { access: 'import:patients' }, schema: { params: idParams } },
    async (request, reply) => {
      const report = await service.errorReport(request.params.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition('attachment', report.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(report.csv);
    },
  );
};
