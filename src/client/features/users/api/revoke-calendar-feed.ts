import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { usersRootKey } from './keys';

/** Ends a user's private calendar feed: its URL answers 404 from now on (204; 404 when there is none). */
export const revokeCalendarFeed = (id: string) => apiFetch<void>(api.userCalendarFeed(id), { method: 'DELETE' });

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersRootKey }),
  });
}
