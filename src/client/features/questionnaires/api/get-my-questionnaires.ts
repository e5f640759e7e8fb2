import { useQuery } from '@tanstack/react-query';
import type { QuestionnaireRequestSummary } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export const getMyQuestionnaires = (signal?: AbortSignal) =>
  apiFetch<QuestionnaireRequestSummary[]>(questionnaireApi.mine, { signal });

export const useMyQuestionnaires = () =>
  useQuery({ queryKey: questionnaireKeys.mine, queryFn: ({ signal }) => getMyQuestionnaires(signal) });
