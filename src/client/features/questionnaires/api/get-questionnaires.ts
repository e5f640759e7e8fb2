import { useQuery } from '@tanstack/react-query';
import type { QuestionnaireSummary } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export const getQuestionnaires = (signal?: AbortSignal) =>
  apiFetch<QuestionnaireSummary[]>(questionnaireApi.definitions, { signal });

export const useQuestionnaires = () =>
  useQuery({ queryKey: questionnaireKeys.definitions, queryFn: ({ signal }) => getQuestionnaires(signal) });
