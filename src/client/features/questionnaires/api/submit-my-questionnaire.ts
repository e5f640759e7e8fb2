import type { Answers, QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';

export const submitMyQuestionnaire = (id: string, answers: Answers) =>
  apiFetch<QuestionnaireRequest>(questionnaireApi.mySubmit(id), { method: 'POST', body: { answers } });
