import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ChannelSettingsView } from '../../../../common/schemas/channels';
import { apiFetch } from '../../../lib/api-client';
import { channelKeys } from './keys';

/** GET api.channelSettings: the clinic's channels in order, which providers are configured, the after-visit message. */
export const getChannelSettings = (signal?: AbortSignal) =>
  apiFetch<ChannelSettingsView>(api.channelSettings, { signal });

export const channelSettingsQueryOptions = () =>
  queryOptions({ queryKey: channelKeys.settings(), queryFn: ({ signal }) => getChannelSettings(signal) });

export const useChannelSettings = () => useQuery(channelSettingsQueryOptions());
