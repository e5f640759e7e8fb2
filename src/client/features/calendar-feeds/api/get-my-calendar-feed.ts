import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { MyCalendarFeed } from '../../../../common/schemas/calendar-feeds';
import { apiFetch } from '../../../lib/api-client';

/** Whether the signed-in doctor (or admin: the clinic) has a feed; its URL is shown only when created. */
export const getMyCalendarFeed = (signal?: AbortSignal) => apiFetch<MyCalendarFeed>(api.myCalendarFeed, { signal });

export const myCalendarFeedQueryOptions = queryOptions({
  queryKey: ['calendar-feed', 'mine'],
  queryFn: ({ signal }) => getMyCalendarFeed(signal),
});

export const useMyCalendarFeed = () => useQuery(myCalendarFeedQueryOptions);
