import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { StaffWaitingJoinInput, WaitingEntry } from '../../../../common/schemas/waiting-list';
import { apiFetch } from '../../../lib/api-client';
import { waitingListRootKey } from './keys';

/** The desk puts any patient on the list. */
export const joinWaitingList = (input: StaffWaitingJoinInput) =>
  apiFetch<WaitingEntry>(api.waitingList, { method: 'POST', body: input });

export function useJoinWaitingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitingList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitingListRootKey }),
  });
}
