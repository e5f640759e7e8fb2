import {
  CONSENT_EXCEPTION_LABELS,
  CONSENT_REQUIRED_CODE,
  type ConsentException,
} from '../../../common/schemas/appointments';
import { AppError, validationError } from '../../platform';
import type { FastifyRequest } from 'fastify';
import type { VisitForms } from './visit-forms';
import type { AppointmentView } from './repository';

const listOf = (titles: string[]) => titles.map((title) => `«${title}»`).join(', ');

/**
 * Consent before the procedure (issue 38, item 4): a visit whose informed consents are not all signed is not marked
 * attended unless the doctor records why — an urgency, or a consent signed on paper with its scan in the patient's
 * documents. Answers what the status change's audit entry keeps of it (nothing when every consent is signed).
 */
export async function requireConsentOrReason(
  forms: Pick<VisitForms, 'unsignedConsents'>,
  scope: Pick<FastifyRequest['scope'], 'files'>,
  view: AppointmentView,
  exception: ConsentException | undefined,
): Promise<Record<string, unknown> | undefined> {
  const unsigned = await forms.unsignedConsents(view.id);
  if (unsigned.length === 0) return undefined;
  if (!exception) {
    throw new AppError(
      409,
      CONSENT_REQUIRED_CODE,
      `Falta el consentimiento firmado: ${listOf(unsigned)}. Para marcar la visita como atendida, indica por qué se atiende sin él.`,
      undefined,
      undefined,
      { titles: unsigned },
    );
  }
  if (exception.reason === 'papel') {
    const scan = await scope.files.findById(exception.fileId!);
    if (!scan || scan.patientId !== view.patientId) {
      throw validationError({ fileId: 'Adjunta el escaneo en los documentos de este paciente' });
    }
  }
  return {
    consentException: {
      reason: exception.reason,
      label: CONSENT_EXCEPTION_LABELS[exception.reason],
      ...(exception.note ? { note: exception.note } : {}),
      ...(exception.fileId ? { fileId: exception.fileId } : {}),
      unsigned,
    },
  };
}
