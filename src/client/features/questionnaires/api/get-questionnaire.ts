import { useQuery } from '@tanstack/react-query';
import type { Questionnaire } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export const getQuestionnaire = (id: string, signal?: AbortSignal) =>
  apiFetch<Questionnaire>(questionnaireApi.definition(id), { signal });

export const useQuestionnaire = (id: string | null) =>
  useQuery({
    queryKey: questionnaireKeys.definition(id ?? ''),
    queryFn: ({ signal }) => getQuestionnaire(id!, signal),
    enabled: id !== null,
  });
