import { z } from 'zod';
import { questionnaireApi } from '../../../common/api-paths';
import { consultationFormsSchema } from '../../../common/schemas/consultation';
import { APPOINTMENT_NOT_FOUND } from '../../access';
import { auditContext, auditedRead } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { readConsultationForms } from './service';

const idParams = z.object({ id: z.uuid({ error: APPOINTMENT_NOT_FOUND }) });

/**
 * The consultation's forms (issue 38, item 5): beside the note, the visit's consents and the patient's latest
 * answers. Who reads the answers reads this (`questionnaires:read`: the desk all, a doctor her own patients', as the
 * questionnaire tells the patient); the read is audited as one of the answers.
 */
export const consultationRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    questionnaireApi.consultation(':id'),
    {
      config: { access: 'read:questionnaires' },
      schema: { params: idParams, response: { 200: consultationFormsSchema } },
    },
    async (request) => {
      const { patientId: _patientId, ...forms } = await auditedRead(
        deps.db,
        (db) => readConsultationForms(request.scope, request.params.id, db),
        (found) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'questionnaire_answers',
          patientId: found.patientId,
          details: {
            view: 'consultation',
            appointmentId: found.appointmentId,
            results: found.questionnaires.length,
            consents: found.consents.length,
          },
        }),
      );
      return forms;
    },
  );
};
