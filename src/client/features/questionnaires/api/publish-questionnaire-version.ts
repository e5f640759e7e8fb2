import type { Questionnaire, QuestionnaireVersionDraft } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { useDefinitionChange } from './use-definition-change';

export const publishQuestionnaireVersion = ({ id, input }: { id: string; input: QuestionnaireVersionDraft }) =>
  apiFetch<Questionnaire>(questionnaireApi.versions(id), { method: 'POST', body: input });

export const usePublishQuestionnaireVersion = () => useDefinitionChange(publishQuestionnaireVersion);
