import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { PublicWaitingJoined, PublicWaitingJoinInput } from '../../../../common/schemas/waiting-list';
import { apiFetch } from '../../../lib/api-client';
import { waitingListRootKey } from './keys';

/**
 * Anyone joins from /agendar-cita (a signed-in paciente with their own record). The answer is the wish as
 * recorded, nothing of the record it went to.
 */
export const joinPublicWaitingList = (input: PublicWaitingJoinInput) =>
  apiFetch<PublicWaitingJoined>(api.publicWaitingList, { method: 'POST', body: input });

export function useJoinPublicWaitingList() {
  const queryClient = useQueryClient();
  // A signed-in paciente's own list (in her area) now holds the entry.
  return useMutation({
    mutationFn: joinPublicWaitingList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitingListRootKey }),
  });
}
