import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { WaitingEntry } from '../../../../common/schemas/waiting-list';
import { apiFetch } from '../../../lib/api-client';
import { waitingListRootKey } from './keys';

/** The paciente's own entries. */
export const getMyWaitingList = (signal?: AbortSignal) => apiFetch<WaitingEntry[]>(api.myWaitingList, { signal });

export const getMyWaitingListQueryOptions = () =>
  queryOptions({ queryKey: [...waitingListRootKey, 'mine'], queryFn: ({ signal }) => getMyWaitingList(signal) });

export const useMyWaitingList = () => useQuery(getMyWaitingListQueryOptions());
