import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ChannelSettingsInput, ChannelSettingsView } from '../../../../common/schemas/channels';
import { apiFetch } from '../../../lib/api-client';
import { channelKeys } from './keys';

/** PUT api.channelSettings: the whole of the clinic's channel settings. */
export const updateChannelSettings = (input: ChannelSettingsInput) =>
  apiFetch<ChannelSettingsView>(api.channelSettings, { method: 'PUT', body: input });

export function useUpdateChannelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChannelSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(channelKeys.settings(), settings);
      // The channels a patient may choose follow the clinic's.
      void queryClient.invalidateQueries({ queryKey: channelKeys.patients() });
      void queryClient.invalidateQueries({ queryKey: channelKeys.mine() });
    },
  });
}
