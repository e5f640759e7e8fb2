import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { questionnaireApi } from '../../../../common/api-paths';
import { consultationFormsKeys } from '../../../api/consultation-forms';
import { apiFetch } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

/** «Copiar a la historia»: one declared allergy or medication, by the doctor's explicit action. */
export const copyQuestionnaireItem = (input: { requestId: string; questionId: string; index: number }) =>
  apiFetch<QuestionnaireRequest>(questionnaireApi.copies(input.requestId), {
    method: 'POST',
    body: { questionId: input.questionId, index: input.index },
  });

export const useCopyQuestionnaireItem = (patientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyQuestionnaireItem,
    // The record changed too (its allergies or history): every read of this patient is refreshed.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          JSON.stringify(query.queryKey).includes(patientId) ||
          query.queryKey[0] === questionnaireKeys.ofPatient(patientId)[0] ||
          query.queryKey[0] === consultationFormsKeys.all[0],
      }),
  });
};
