import { z } from 'zod';
import { questionnaireApi } from '../../../common/api-paths';
import { declaredItems } from '../../../common/questionnaire-answers';
import { copyInputSchema, requestSchema } from '../../../common/schemas/questionnaires';
import { AppError, notFound } from '../../platform';
import { auditedRead, auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { presentRequest, REQUEST_NOT_FOUND } from './answering';
import { copyToRecord } from './use-cases';

const patientParams = z.object({ id: z.uuid({ error: 'Paciente no encontrado' }) });
const idParams = z.object({ id: z.uuid({ error: REQUEST_NOT_FOUND }) });
const NOT_SENT = 'Solo se copian a la historia las respuestas que la paciente ya ha enviado.';
const ITEM_NOT_FOUND = 'Ese elemento no está entre lo declarado en el cuestionario';

/**
 * The answers on the doctor's screens (the consultation, the chart): a doctor those of her patients, the desk all;
 * and «Copiar a la historia»: a declared allergy or medication goes into the record only by the doctor's explicit
 * action, one item at a time, audited as a change of the record.
 */
export const questionnairesDoctorRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    questionnaireApi.ofPatient(':id'),
    {
      config: { access: 'read:questionnaires' },
      schema: { params: patientParams, response: { 200: z.array(requestSchema) } },
    },
    async (request) => {
      const patient = await request.scope.patient(request.params.id);
      const rows = await auditedRead(
        deps.db,
        (db) => request.scope.questionnaires.list({ patientId: patient.id }, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'questionnaire_answers',
          patientId: patient.id,
          details: { results: found.length },
        }),
      );
      return rows.map(presentRequest);
    },
  );

  app.post(
    questionnaireApi.copies(':id'),
    {
      config: { access: 'copy:questionnaires' },
      schema: { params: idParams, body: copyInputSchema, response: { 200: requestSchema } },
    },
    async (request) => {
      const record = await request.scope.questionnaires.findById(request.params.id);
      if (!record) throw notFound(REQUEST_NOT_FOUND);
      if (record.status !== 'enviado') throw new AppError(409, 'CONFLICT', NOT_SENT);
      const { questionId, index } = request.body;
      const item = declaredItems(record.sections, record.answers).find(
        (declared) => declared.questionId === questionId && declared.index === index,
      );
      if (!item || !item.text.trim()) throw notFound(ITEM_NOT_FOUND);
      const patient = await request.scope.patient(record.patientId);
      await copyToRecord(deps, { record, patient, item, audit: auditContext(request) });
      return presentRequest((await request.scope.questionnaires.findById(record.id))!);
    },
  );
};
