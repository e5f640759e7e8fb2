import type { Questionnaire, QuestionnaireVersionDraft } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { useDefinitionChange } from './use-definition-change';

/** A new questionnaire, published at once as its version 1. */
export const createQuestionnaire = (input: QuestionnaireVersionDraft) =>
  apiFetch<Questionnaire>(questionnaireApi.definitions, { method: 'POST', body: input });

export const useCreateQuestionnaire = () => useDefinitionChange(createQuestionnaire);
