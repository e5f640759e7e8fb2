import { readClinicSettings } from '../../platform';
import { z } from 'zod';
import { questionnaireApi } from '../../../common/api-paths';
import { declaredItems } from '../../../common/questionnaire-answers';
import { allergyRecorded, recordNames } from '../../../common/allergies';
import { copyInputSchema, requestSchema } from '../../../common/schemas/questionnaires';
import { AppError, notFound } from '../../platform';
import { audited, auditedRead, auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { presentRequest, REQUEST_NOT_FOUND } from './answering';
import { esDate } from './dates';

const patientParams = z.object({ id: z.uuid({ error: 'Paciente no encontrado' }) });
const idParams = z.object({ id: z.uuid({ error: REQUEST_NOT_FOUND }) });
const NOT_SENT = 'Solo se copian a la historia las respuestas que la paciente ya ha enviado.';
const ITEM_NOT_FOUND = 'Ese elemento no está entre lo declarado en el cuestionario';
const ALREADY_COPIED = 'Ya está copiado en la historia.';

/**
 * The answers on the doctor's screens (the consultation, the chart): a doctor those of her patients, the desk all;
 * and «Copiar a la historia»: a declared allergy or medication goes into the record only by the doctor's explicit
 * action, one item at a time, audited as a change of the record.
 */
export const questionnairesDoctorRoutes: RoutePlugin = async (app, deps) => {
  const repos = deps.repos;

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
      const { timeZone } = await readClinicSettings(deps);
      const field = item.kind === 'allergies' ? 'allergies' : 'medicalHistory';
      const changes =
        item.kind === 'allergies'
          ? // An allergy already recorded (same words, whatever the accents or case) is not written twice.
            {
              allergies: allergyRecorded(patient.allergies, item.text)
                ? patient.allergies
                : [patient.allergies.trim(), item.text.trim()].filter(Boolean).join(', '),
            }
          : {
              // Nor a medication the history names already (a copy from an earlier questionnaire, or her doctor's words).
              medicalHistory: recordNames(patient.medicalHistory, item.name)
                ? patient.medicalHistory
                : [
                    patient.medicalHistory.trim(),
                    `Medicación habitual (declarada en el cuestionario «${record.title}» el ${esDate(record.submittedAt!, timeZone)}): ${item.text}`,
                  ]
                    .filter(Boolean)
                    .join('\n'),
            };
      await audited(
        deps.db,
        async (tx) => {
          if (!(await repos.questionnaireRequests.markCopied(record.id, `${questionId}:${index}`, tx))) {
            throw new AppError(409, 'CONFLICT', ALREADY_COPIED);
          }
          await repos.patients.update(patient.id, changes, tx);
        },
        {
          ...auditContext(request),
          action: 'update',
          entity: 'patient',
          entityId: patient.id,
          patientId: patient.id,
          details: { fields: [field], from: 'questionnaire', requestId: record.id, item: `${questionId}:${index}` },
        },
      );
      return presentRequest((await request.scope.questionnaires.findById(record.id))!);
    },
  );
};
