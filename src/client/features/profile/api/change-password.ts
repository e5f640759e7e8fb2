import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ChangePasswordInput } from '../../../../common/schemas/profile';
import { apiFetch } from '../../../lib/api-client';

/** POST api.profilePassword: the other sessions of the account end; this one stays. */
export const changePassword = (input: ChangePasswordInput) =>
  apiFetch<{ ok: true }>(api.profilePassword, { method: 'POST', body: input });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // «Sesiones abiertas» (features/sessions) lists the sessions that just ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-sessions'] }),
  });
}
