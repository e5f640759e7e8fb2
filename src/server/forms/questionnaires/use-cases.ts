import { allergyRecorded, recordNames } from '../../../common/allergies';
import type { declaredItems } from '../../../common/questionnaire-answers';
import {
  AppError,
  audited,
  clock,
  formatNumericDate,
  notFound,
  readClinicSettings,
  type AuditContext,
} from '../../platform';
import type { PatientRow } from '../../identity';
import type { CoreDeps } from '../deps';
import { createQuestionnaireLinks, type QuestionnaireLinks } from './links';
import type { RequestRecord } from './requests-repository';

const LINK_INVALID = 'El enlace del cuestionario no es válido. Ábrelo desde el correo de la cita o desde tu área.';
const LINK_EXPIRED =
  'Este enlace ha caducado: se podía usar hasta el final de la visita. Si tienes cuenta, entra en tu área.';
const VISIT_CANCELLED = 'La cita de este cuestionario se ha cancelado: ya no hace falta rellenarlo.';
const ALREADY_COPIED = 'Ya está copiado en la historia.';

/** The admin's questionnaires (the versioned definitions' store). */
export const questionnaireTemplates = (deps: Pick<CoreDeps, 'repos'>) => deps.repos.questionnaires;

/** The answering links of questionnaire requests, signed with the clinic's key (read once, then kept: make one per plugin). */
export const questionnaireLinks = (deps: Pick<CoreDeps, 'db' | 'repos'>) =>
  createQuestionnaireLinks(deps.repos.clinic, deps.db);

/**
 * The request of a token: 404 when forged, 410 when expired or its visit cancelled (checked before anything is
 * answered). The link lasts as long as its visit, wherever the visit was moved: until the visit's current end —
 * the expiry written in the link is the end the visit had when the e-mail was sent.
 */
export async function requestOfLink(
  deps: Pick<CoreDeps, 'repos'>,
  links: QuestionnaireLinks,
  token: string,
): Promise<RequestRecord> {
  const verified = await links.verify(token);
  if (!verified) throw notFound(LINK_INVALID);
  const record = await deps.repos.questionnaireRequests.findForLink(verified.requestId);
  if (!record) throw notFound(LINK_INVALID);
  if (record.appointmentEndsAt.getTime() <= clock.nowMs()) throw new AppError(410, 'CONFLICT', LINK_EXPIRED);
  if (record.appointmentStatus === 'cancelada') throw new AppError(410, 'CONFLICT', VISIT_CANCELLED);
  return record;
}

/**
 * «Copiar a la historia»: one declared allergy or medication goes into the patient's record, once (409 the second
 * time), audited as a change of the record.
 */
export async function copyToRecord(
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  copy: {
    record: RequestRecord;
    patient: Pick<PatientRow, 'id' | 'allergies' | 'medicalHistory'>;
    item: ReturnType<typeof declaredItems>[number];
    audit: AuditContext;
  },
) {
  const { record, patient, item, audit } = copy;
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
                `Medicación habitual (declarada en el cuestionario «${record.title}» el ${formatNumericDate(record.submittedAt!, timeZone)}): ${item.text}`,
              ]
                .filter(Boolean)
                .join('\n'),
        };
  const itemKey = `${item.questionId}:${item.index}`;
  await audited(
    deps.db,
    async (tx) => {
      if (!(await deps.repos.questionnaireRequests.markCopied(record.id, itemKey, tx))) {
        throw new AppError(409, 'CONFLICT', ALREADY_COPIED);
      }
      await deps.repos.patients.update(patient.id, changes, tx);
    },
    {
      ...audit,
      action: 'update',
      entity: 'patient',
      entityId: patient.id,
      patientId: patient.id,
      details: { fields: [field], from: 'questionnaire', requestId: record.id, item: itemKey },
    },
  );
}
