import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { PatientChannelView } from '../../../../common/schemas/channels';
import { apiFetch } from '../../../lib/api-client';
import { channelKeys } from './keys';

/** GET api.myChannel: the signed-in paciente's preferred channel and consent. */
export const getMyChannel = (signal?: AbortSignal) => apiFetch<PatientChannelView>(api.myChannel, { signal });

export const myChannelQueryOptions = () =>
  queryOptions({ queryKey: channelKeys.mine(), queryFn: ({ signal }) => getMyChannel(signal) });

export const useMyChannel = () => useQuery(myChannelQueryOptions());
