import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { PatientChannelInput, PatientChannelView } from '../../../../common/schemas/channels';
import { apiFetch } from '../../../lib/api-client';
import { channelKeys } from './keys';

/** PUT api.myChannel: the paciente sets her preferred channel and gives or withdraws her consent. */
export const updateMyChannel = (input: PatientChannelInput) =>
  apiFetch<PatientChannelView>(api.myChannel, { method: 'PUT', body: input });

export function useUpdateMyChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyChannel,
    onSuccess: (view) => queryClient.setQueryData(channelKeys.mine(), view),
  });
}
