import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { AssignConversationInput } from '../../../../common/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messagesRootKey } from './keys';

/** «Asignar a…»: who of the staff answers this conversation (null: nobody). */
export const assignConversation = ({
  conversationId,
  ...input
}: AssignConversationInput & { conversationId: string }) =>
  apiFetch<void>(api.conversationAssignee(conversationId), { method: 'PUT', body: input });

export function useAssignConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesRootKey }),
  });
}
