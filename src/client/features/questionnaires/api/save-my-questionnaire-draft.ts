import type { Answers } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';

/** An autosave from her area: the answers of the questions just changed. */
export const saveMyQuestionnaireDraft = (id: string, answers: Answers) =>
  apiFetch<{ savedAt: string }>(questionnaireApi.myDraft(id), { method: 'PUT', body: { answers } });
