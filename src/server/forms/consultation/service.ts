import type { FastifyRequest } from 'fastify';
import { consentApi } from '../../../common/api-paths';
import type { ConsultationForms } from '../../../common/schemas/consultation';
import type { Db } from '../../platform';
import { latestAnswers } from './latest-answers';

/**
 * What the doctor has beside the note (issue 38, item 5), read through the request's scope: the appointment (404 when
 * it is not hers to see), the consents asked for it, and the patient's latest answers to each questionnaire with
 * what changed since the previous ones. A consent's PDF is linked once decided: its route checks the same policy.
 */
export async function readConsultationForms(
  scope: FastifyRequest['scope'],
  appointmentId: string,
  db: Db,
): Promise<ConsultationForms & { patientId: string }> {
  const appointment = await scope.appointment(appointmentId, db);
  const patient = await scope.patient(appointment.patientId, db);
  const [consents, requests] = await Promise.all([
    scope.consents.ofAppointments([appointment.id], db),
    scope.questionnaires.list({ patientId: patient.id }, db),
  ]);
  return {
    appointmentId: appointment.id,
    patientId: patient.id,
    consents: consents.map((consent) => ({
      requestId: consent.id,
      title: consent.title,
      versionNumber: consent.versionNumber,
      status: consent.status,
      actedAt: consent.actedAt,
      pdfUrl: consent.status === 'pendiente' ? null : consentApi.requestPdf(consent.id),
    })),
    questionnaires: latestAnswers(requests, appointment.id, patient),
  };
}
