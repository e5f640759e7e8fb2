import type { Answers, QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';

export const submitQuestionnaireLink = (token: string, answers: Answers) =>
  apiFetch<QuestionnaireRequest>(questionnaireApi.linkSubmit(token), { method: 'POST', body: { answers } });
