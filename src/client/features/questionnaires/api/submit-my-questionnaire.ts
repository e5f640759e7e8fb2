import type { Answers, QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { api } from '../../../../common/paths';
import { apiFetch } from '../../../lib/api-client';

export const submitMyQuestionnaire = (id: string, answers: Answers) =>
  apiFetch<QuestionnaireRequest>(api.myQuestionnaireSubmit(id), { method: 'POST', body: { answers } });
