import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import { WRONG_CURRENT_PASSWORD, type ChangePasswordInput } from '../../../../common/schemas/profile';
import { proveStepUp } from '../../../api/step-up';
import { ApiError, apiFetch } from '../../../lib/api-client';

/**
 * POST api.profilePassword: the other sessions of the account end; this one stays. The current password is
 * also the fresh proof a change of how one signs in needs (issue 33): typed once, given first as the proof.
 */
export async function changePassword(input: ChangePasswordInput) {
  try {
    await proveStepUp({ method: 'password', password: input.currentPassword });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') {
      throw new ApiError(400, 'VALIDATION', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    throw error;
  }
  return apiFetch<{ ok: true }>(api.profilePassword, { method: 'POST', body: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // «Sesiones abiertas» (features/sessions) lists the sessions that just ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-sessions'] }),
  });
}
