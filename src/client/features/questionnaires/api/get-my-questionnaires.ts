import { useQuery } from '@tanstack/react-query';
import type { QuestionnaireRequestSummary } from '../../../../common/schemas/questionnaires';
import { api } from '../../../../common/paths';
import { apiFetch } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export const getMyQuestionnaires = (signal?: AbortSignal) =>
  apiFetch<QuestionnaireRequestSummary[]>(api.myQuestionnaires, { signal });

export const useMyQuestionnaires = () =>
  useQuery({ queryKey: questionnaireKeys.mine, queryFn: ({ signal }) => getMyQuestionnaires(signal) });
