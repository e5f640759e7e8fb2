import { useQuery } from '@tanstack/react-query';
import type { QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export const getQuestionnaireLink = (token: string, signal?: AbortSignal) =>
  apiFetch<QuestionnaireRequest>(questionnaireApi.link(token), { signal });

export const useQuestionnaireLink = (token: string) =>
  useQuery({
    queryKey: questionnaireKeys.link(token),
    queryFn: ({ signal }) => getQuestionnaireLink(token, signal),
    retry: false,
  });
