import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { EndedSessions } from '../../../../common/schemas/sessions';
import { apiFetch } from '../../../lib/api-client';
import { mySessionsKey } from './get-my-sessions';

/** POST api.endOtherSessions: «Cerrar las demás»; this session stays. */
export const endOtherSessions = () => apiFetch<EndedSessions>(api.endOtherSessions, { method: 'POST' });

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsKey }),
  });
}
