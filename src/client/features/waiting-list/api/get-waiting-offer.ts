import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { WaitingOffer } from '../../../../common/schemas/waiting-list';
import { apiFetch } from '../../../lib/api-client';

/** What an offer link is about and whether it can still be booked (reading it books nothing). */
export const getWaitingOffer = (token: string, signal?: AbortSignal) =>
  apiFetch<WaitingOffer>(api.waitingOffer(token), { signal });

export const getWaitingOfferQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public', 'waiting-offer', token],
    queryFn: ({ signal }) => getWaitingOffer(token, signal),
    retry: false,
  });

export const useWaitingOffer = (token: string) => useQuery(getWaitingOfferQueryOptions(token));
