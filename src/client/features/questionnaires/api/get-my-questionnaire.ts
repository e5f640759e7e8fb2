import { useQuery } from '@tanstack/react-query';
import type { QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export const getMyQuestionnaire = (id: string, signal?: AbortSignal) =>
  apiFetch<QuestionnaireRequest>(questionnaireApi.myOne(id), { signal });

export const useMyQuestionnaire = (id: string) =>
  useQuery({ queryKey: questionnaireKeys.myOne(id), queryFn: ({ signal }) => getMyQuestionnaire(id, signal) });
