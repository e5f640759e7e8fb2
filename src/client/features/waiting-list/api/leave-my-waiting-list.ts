import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { WaitingEntry } from '../../../../common/schemas/waiting-list';
import { apiFetch } from '../../../lib/api-client';
import { waitingListRootKey } from './keys';

/** A paciente leaves one of their entries. */
export const leaveMyWaitingList = (id: string) =>
  apiFetch<WaitingEntry>(api.myWaitingListEntry(id), { method: 'DELETE' });

export function useLeaveMyWaitingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveMyWaitingList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitingListRootKey }),
  });
}
