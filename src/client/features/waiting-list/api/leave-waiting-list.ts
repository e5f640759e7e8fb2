import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { WaitingEntry } from '../../../../common/schemas/waiting-list';
import { apiFetch } from '../../../lib/api-client';
import { waitingListRootKey } from './keys';

/** The desk takes an entry off the list (it stays, marked «retirada»). */
export const leaveWaitingList = (id: string) => apiFetch<WaitingEntry>(api.waitingListEntry(id), { method: 'DELETE' });

export function useLeaveWaitingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitingList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitingListRootKey }),
  });
}
