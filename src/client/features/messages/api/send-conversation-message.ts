import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Message, StaffMessageInput } from '../../../../common/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messagesRootKey } from './keys';

/** A staff reply, by the web chat, SMS or WhatsApp; sending the same id again stores nothing new. */
export const sendConversationMessage = ({ conversationId, ...input }: StaffMessageInput & { conversationId: string }) =>
  apiFetch<Message>(api.conversationMessages(conversationId), { method: 'POST', body: input });

export function useSendConversationMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendConversationMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesRootKey }),
  });
}
