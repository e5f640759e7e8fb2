import type { Answers } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';

/** An autosave from the e-mail's link. */
export const saveQuestionnaireLinkDraft = (token: string, answers: Answers) =>
  apiFetch<{ savedAt: string }>(questionnaireApi.linkDraft(token), { method: 'PUT', body: { answers } });
