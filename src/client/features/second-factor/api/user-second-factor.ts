import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorApi } from '../../../../common/second-factor-paths';
import type { UserSecondFactor } from '../../../../common/schemas/second-factor';
import { apiFetch } from '../../../lib/api-client';

/** What an admin sees of a user's second factor (never a secret). */
export const userSecondFactorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['second-factor', 'user', id],
    queryFn: ({ signal }) => apiFetch<UserSecondFactor>(secondFactorApi.ofUser(id), { signal }),
  });

export const useUserSecondFactor = (id: string) => useQuery(userSecondFactorQueryOptions(id));

/** Removes the user's app, passkeys and recovery codes (she lost her phone). */
export function useResetUserSecondFactor(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(secondFactorApi.ofUser(id), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSecondFactorQueryOptions(id).queryKey }),
  });
}
