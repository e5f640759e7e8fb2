import { queryOptions, useQuery } from '@tanstack/react-query';
import { questionnaireApi } from '../../common/api-paths';
import type { ConsultationForms } from '../../common/schemas/consultation';
import { apiFetch } from '../lib/api-client';

/**
 * Beside the consultation's note: the visit's consents and the patient's latest answers (issue 38, item 5). Read by
 * the consents' block and the questionnaires' block of the doctor's screen; a copy into the record refreshes it.
 */
export const consultationFormsKeys = {
  all: ['consultation-forms'] as const,
  of: (appointmentId: string) => [...consultationFormsKeys.all, appointmentId] as const,
};

export const getConsultationForms = (appointmentId: string, signal?: AbortSignal) =>
  apiFetch<ConsultationForms>(questionnaireApi.consultation(appointmentId), { signal });

export const getConsultationFormsQueryOptions = (appointmentId: string) =>
  queryOptions({
    queryKey: consultationFormsKeys.of(appointmentId),
    queryFn: ({ signal }) => getConsultationForms(appointmentId, signal),
    // A consent signed at the desk, or answers sent in the waiting room, appear without a reload.
    refetchInterval: 60_000,
  });

export const useConsultationForms = (appointmentId: string) =>
  useQuery(getConsultationFormsQueryOptions(appointmentId));
