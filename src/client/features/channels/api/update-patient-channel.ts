import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { PatientChannelInput, PatientChannelView } from '../../../../common/schemas/channels';
import { apiFetch } from '../../../lib/api-client';
import { channelKeys } from './keys';

/** PUT api.patientChannel: the desk records a patient's preferred channel and consent. */
export const updatePatientChannel = (patientId: string, input: PatientChannelInput) =>
  apiFetch<PatientChannelView>(api.patientChannel(patientId), { method: 'PUT', body: input });

export function useUpdatePatientChannel(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PatientChannelInput) => updatePatientChannel(patientId, input),
    onSuccess: (view) => queryClient.setQueryData(channelKeys.patient(patientId), view),
  });
}
