import type { Answers, QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { api } from '../../../../common/paths';
import { apiFetch } from '../../../lib/api-client';

export const submitQuestionnaireLink = (token: string, answers: Answers) =>
  apiFetch<QuestionnaireRequest>(api.questionnaireLinkSubmit(token), { method: 'POST', body: { answers } });
