import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Message, SendMessageInput } from '../../../../common/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messagesRootKey } from './keys';

/** The paciente writes to the clinic; sending the same id again stores nothing new. */
export const sendMyMessage = (input: SendMessageInput) =>
  apiFetch<Message>(api.myMessages, { method: 'POST', body: input });

export function useSendMyMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMyMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesRootKey }),
  });
}
