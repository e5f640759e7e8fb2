import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { mySessionsKey } from './get-my-sessions';

/** DELETE api.mySession: «Cerrar» one of the account's sessions (204; 404 when it is no longer open). */
export const endSession = (id: string) => apiFetch<void>(api.mySession(id), { method: 'DELETE' });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsKey }),
  });
}
