import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { MyWaitingJoinInput, WaitingEntry } from '../../../../common/schemas/waiting-list';
import { apiFetch } from '../../../lib/api-client';
import { waitingListRootKey } from './keys';

/** A paciente joins the list from their area. */
export const joinMyWaitingList = (input: MyWaitingJoinInput) =>
  apiFetch<WaitingEntry>(api.myWaitingList, { method: 'POST', body: input });

export function useJoinMyWaitingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinMyWaitingList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitingListRootKey }),
  });
}
