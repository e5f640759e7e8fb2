import type { QuestionnaireRequestSummary } from '../../../common/schemas/questionnaires';

type Row = Pick<QuestionnaireRequestSummary, 'status' | 'open' | 'savedAt'>;

/**
 * A questionnaire's state as every screen names it: «Enviado»; while it can still be filled «Pendiente» (nothing
 * saved yet) or «A medias» (answers saved, not sent); once closed without being sent «Sin enviar».
 */
export function questionnaireStatus(row: Row): { label: string; color: string } {
  if (row.status === 'enviado') return { label: 'Enviado', color: 'teal' };
  if (!row.open) return { label: 'Sin enviar', color: 'gray' };
  return row.savedAt ? { label: 'A medias', color: 'orange' } : { label: 'Pendiente', color: 'yellow' };
}
