import { clock, formatDate } from '../../platform';
import { AppError, notFound } from '../../platform';
import { surveyReplyEmail } from '../surveys/emails';
import { OPINION_ALREADY_REPLIED, OPINION_NO_EMAIL, type Opinion } from '../../../common/schemas/opinions';
import { audited, type AuditContext } from '../../platform';
import type { CoreDeps } from '../deps';
import type { AnsweredSurvey, OpinionsRepository } from './repository';

export const OPINION_NOT_FOUND = 'Opinión no encontrada';

type ScopedOpinions = ReturnType<OpinionsRepository['visibleTo']>;

/** An answer as «Opiniones» shows it. */
export const presentOpinion = (row: AnsweredSurvey): Opinion => ({
  id: row.id,
  score: row.score ?? 0,
  comment: row.comment ?? '',
  answeredAt: row.answeredAt!.toISOString(),
  visitStartsAt: row.visitStartsAt.toISOString(),
  doctorName: row.doctorName,
  serviceName: row.serviceName,
  patientId: row.patientId,
  patientName: `${row.patientFirstName} ${row.patientLastName}`.trim(),
  canReply: Boolean(row.patientEmail),
  replyText: row.replyText,
  repliedAt: row.repliedAt?.toISOString() ?? null,
  repliedByName: row.repliedByName || null,
});

/**
 * «Opiniones» (issue 38, item 3): the clinic's one reply by e-mail to a patient's answer — the reply recorded,
 * the e-mail written to the outbox and the audit entry, in one transaction.
 */
export function createOpinionsService(deps: Pick<CoreDeps, 'db' | 'repos' | 'outbox'>) {
  const { repos } = deps;

  async function reply(
    scoped: ScopedOpinions,
    id: string,
    message: string,
    context: AuditContext & { actor: { id: string } },
  ): Promise<Opinion> {
    const row = await scoped.find(id);
    if (!row) throw notFound(OPINION_NOT_FOUND);
    if (!row.patientEmail) throw new AppError(409, 'CONFLICT', OPINION_NO_EMAIL);
    const settings = await repos.clinic.getSettings();
    const email = surveyReplyEmail({
      to: row.patientEmail,
      patientName: row.patientFirstName,
      clinicName: settings.name,
      visitDate: formatDate(row.visitStartsAt, settings.timeZone),
      reply: message,
    });
    await audited(
      deps.db,
      async (tx) => {
        if (!(await repos.opinions.reply(id, message, context.actor.id, clock.now(), tx)))
          throw new AppError(409, 'CONFLICT', OPINION_ALREADY_REPLIED);
        await deps.outbox.enqueue(email, { tx, kind: 'survey-reply', appointmentId: row.appointmentId });
      },
      {
        ...context,
        action: 'create',
        entity: 'visit_survey',
        entityId: id,
        patientId: row.patientId,
        details: { reply: true },
      },
    );
    return presentOpinion((await scoped.find(id))!);
  }

  return { reply };
}

export type OpinionsService = ReturnType<typeof createOpinionsService>;
