import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { OpenSessionList } from '../../../../common/schemas/sessions';
import { apiFetch } from '../../../lib/api-client';

export const mySessionsKey = ['my-sessions'] as const;

/** GET api.mySessions: the open sessions of the signed-in account, this one first. */
export const getMySessions = (signal?: AbortSignal) => apiFetch<OpenSessionList>(api.mySessions, { signal });

export const getMySessionsQueryOptions = () =>
  queryOptions({ queryKey: mySessionsKey, queryFn: ({ signal }) => getMySessions(signal) });

export const useMySessions = () => useQuery(getMySessionsQueryOptions());
