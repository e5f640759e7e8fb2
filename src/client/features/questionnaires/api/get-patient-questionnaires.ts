import { useQuery } from '@tanstack/react-query';
import type { QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export const getPatientQuestionnaires = (patientId: string, signal?: AbortSignal) =>
  apiFetch<QuestionnaireRequest[]>(questionnaireApi.ofPatient(patientId), { signal });

export const usePatientQuestionnaires = (patientId: string) =>
  useQuery({
    queryKey: questionnaireKeys.ofPatient(patientId),
    queryFn: ({ signal }) => getPatientQuestionnaires(patientId, signal),
  });
