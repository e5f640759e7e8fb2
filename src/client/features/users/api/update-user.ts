import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { User, UserUpdateInput } from '../../../../common/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { usersRootKey } from './keys';

/** 409 `LAST_ADMIN` when the change would leave the clinic without an active admin. */
export const updateUser = ({ id, changes }: { id: string; changes: UserUpdateInput }) =>
  apiFetch<User>(api.user(id), { method: 'PATCH', body: changes });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersRootKey }),
  });
}
