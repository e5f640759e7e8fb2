import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { WaitingEntry, WaitingListQuery } from '../../../../common/schemas/waiting-list';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { waitingListRootKey } from './keys';

/** The desk's whole list, waiting entries first, oldest first. */
export const getWaitingList = (query: WaitingListQuery, signal?: AbortSignal) =>
  apiFetch<WaitingEntry[]>(`${api.waitingList}${toQueryString({ ...query })}`, { signal });

export const getWaitingListQueryOptions = (query: WaitingListQuery = {}) =>
  queryOptions({
    queryKey: [...waitingListRootKey, 'staff', query],
    queryFn: ({ signal }) => getWaitingList(query, signal),
    placeholderData: keepPreviousData,
  });

export const useWaitingList = (query: WaitingListQuery = {}) => useQuery(getWaitingListQueryOptions(query));
