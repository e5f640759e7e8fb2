import type { FastifyRequest } from 'fastify';
import type { QuestionnaireRequest, QuestionnaireRequestSummary } from '../../../common/schemas/questionnaires';
import { checkAnswers } from '../../../common/questionnaire-answers';
import { clock } from '../../platform';
import { AppError, validationError } from '../../platform';
import { audited, auditContext } from '../../platform';
import type { CoreDeps } from '../deps';
import type { RequestRecord } from './requests-repository';

export const REQUEST_NOT_FOUND = 'Cuestionario no encontrado';
export const ALREADY_SENT =
  'Ya enviaste este cuestionario. Si quieres cambiar algo, díselo a tu médico en la consulta.';
export const CLOSED = 'El plazo para rellenar este cuestionario terminó con la visita.';

/** Whether it may still be answered: a draft, of a visit not cancelled and not yet over. */
export const isOpen = (record: RequestRecord, now = clock.nowMs()) =>
  record.status === 'pendiente' &&
  !['cancelada', 'no_asistio', 'atendida'].includes(record.appointmentStatus) &&
  now < record.appointmentEndsAt.getTime();

export function presentRequest(record: RequestRecord): QuestionnaireRequest {
  return {
    id: record.id,
    status: record.status,
    appointmentId: record.appointmentId,
    patientId: record.patientId,
    patientName: record.patientName,
    appointmentStartsAt: record.appointmentStartsAt.toISOString(),
    doctorName: record.doctorName,
    closesAt: record.appointmentEndsAt.toISOString(),
    open: isOpen(record),
    title: record.title,
    intro: record.intro,
    versionNumber: record.versionNumber,
    sections: record.sections,
    answers: record.answers,
    savedAt: record.savedAt?.toISOString() ?? null,
    submittedAt: record.submittedAt?.toISOString() ?? null,
    copied: record.copied,
  };
}

export function presentSummary(record: RequestRecord): QuestionnaireRequestSummary {
  const { id, status, appointmentId, appointmentStartsAt, doctorName, closesAt, open, title, savedAt, submittedAt } =
    presentRequest(record);
  return { id, status, appointmentId, appointmentStartsAt, doctorName, closesAt, open, title, savedAt, submittedAt };
}

/** 409 once sent, 410 once closed: a draft or a submission is refused with what happened. */
function requireOpen(record: RequestRecord) {
  if (record.status === 'enviado') throw new AppError(409, 'CONFLICT', ALREADY_SENT);
  if (!isOpen(record)) throw new AppError(410, 'CONFLICT', CLOSED);
}

/** Per-question messages of the answers, keyed `answers.<question id>` like the other fields' errors. */
const answerErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([id, message]) => [`answers.${id}`, message]));

/**
 * Saving as she goes and sending: the same for the patient's area and the e-mail's link (`via`). Every save is
 * audited (a change of clinical data, by the patient or by whoever holds her link).
 */
export function createAnswering(deps: Pick<CoreDeps, 'db' | 'repos'>) {
  const repo = deps.repos.questionnaireRequests;

  async function saveDraft(
    request: FastifyRequest,
    record: RequestRecord,
    answers: Record<string, unknown>,
    via: 'area' | 'link',
  ) {
    requireOpen(record);
    const { clean, errors } = checkAnswers(record.sections, answers, 'draft');
    if (Object.keys(errors).length > 0) {
      throw validationError(answerErrors(errors), 'Hay respuestas que no son válidas: revísalas.');
    }
    const saved = await audited(deps.db, (tx) => repo.saveDraft(record.id, clean, tx), {
      ...auditContext(request),
      action: 'update',
      entity: 'questionnaire_answers',
      entityId: record.id,
      patientId: record.patientId,
      details: { via, questions: Object.keys(clean).length },
    });
    if (!saved) throw new AppError(409, 'CONFLICT', ALREADY_SENT);
  }

  async function submit(
    request: FastifyRequest,
    record: RequestRecord,
    answers: Record<string, unknown>,
    via: 'area' | 'link',
  ) {
    requireOpen(record);
    // What was saved, with what this call brings: the whole questionnaire is checked.
    const merged = { ...record.answers, ...answers };
    const { clean, errors } = checkAnswers(record.sections, merged, 'submit');
    if (Object.keys(errors).length > 0) {
      throw validationError(answerErrors(errors), 'Faltan respuestas o hay alguna que no es válida: revísalas.');
    }
    const kept = Object.fromEntries(Object.entries(clean).filter(([, value]) => value !== null));
    const sent = await audited(deps.db, (tx) => repo.submit(record.id, kept, tx), {
      ...auditContext(request),
      action: 'submit',
      entity: 'questionnaire_answers',
      entityId: record.id,
      patientId: record.patientId,
      details: { via, questions: Object.keys(kept).length },
    });
    if (!sent) throw new AppError(409, 'CONFLICT', ALREADY_SENT);
  }

  return { saveDraft, submit };
}
