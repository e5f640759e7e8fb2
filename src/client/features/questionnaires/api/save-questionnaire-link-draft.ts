import type { Answers } from '../../../../common/schemas/questionnaires';
import { api } from '../../../../common/paths';
import { apiFetch } from '../../../lib/api-client';

/** An autosave from the e-mail's link. */
export const saveQuestionnaireLinkDraft = (token: string, answers: Answers) =>
  apiFetch<{ savedAt: string }>(api.questionnaireLinkDraft(token), { method: 'PUT', body: { answers } });
