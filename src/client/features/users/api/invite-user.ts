import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { User, UserInviteInput } from '../../../../common/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { usersRootKey } from './keys';

/** Creates a staff account without a password and e-mails the invitation that sets it. */
export const inviteUser = (input: UserInviteInput) => apiFetch<User>(api.users, { method: 'POST', body: input });

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersRootKey }),
  });
}
