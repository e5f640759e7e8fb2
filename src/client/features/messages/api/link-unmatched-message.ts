import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { LinkUnmatchedInput } from '../../../../common/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messagesRootKey } from './keys';

/** Links a reply of the «Sin paciente» list to a patient: it joins her conversation (answered with its id). */
export const linkUnmatchedMessage = ({ id, ...input }: LinkUnmatchedInput & { id: string }) =>
  apiFetch<{ conversationId: string }>(api.unmatchedMessageLink(id), { method: 'POST', body: input });

export function useLinkUnmatchedMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUnmatchedMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesRootKey }),
  });
}
