import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { CreatedCalendarFeed } from '../../../../common/schemas/calendar-feeds';
import { apiFetch } from '../../../lib/api-client';
import { myCalendarFeedQueryOptions } from './get-my-calendar-feed';

/** Creates the feed's URL, or revokes the previous one and makes another (the old one answers 404). */
export const createCalendarFeed = () => apiFetch<CreatedCalendarFeed>(api.myCalendarFeed, { method: 'POST' });

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: ({ url: _url, ...feed }) => queryClient.setQueryData(myCalendarFeedQueryOptions.queryKey, feed),
  });
}
