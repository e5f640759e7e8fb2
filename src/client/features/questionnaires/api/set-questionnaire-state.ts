import type { Questionnaire, QuestionnaireState } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { useDefinitionChange } from './use-definition-change';

export const setQuestionnaireState = ({ id, state }: { id: string; state: QuestionnaireState }) =>
  apiFetch<Questionnaire>(questionnaireApi.state(id), { method: 'PUT', body: { state } });

export const useSetQuestionnaireState = () => useDefinitionChange(setQuestionnaireState);
