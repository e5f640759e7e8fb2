import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Conversation } from '../../../../common/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messagesRootKey } from './keys';

/** One conversation for staff; opening it marks the patient's messages read. */
export const getConversation = (id: string, signal?: AbortSignal) =>
  apiFetch<Conversation>(api.conversation(id), { signal });

export const getConversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...messagesRootKey, 'conversation', id],
    queryFn: ({ signal }) => getConversation(id, signal),
  });

export const useConversation = (id: string | null) =>
  useQuery({ ...getConversationQueryOptions(id ?? ''), enabled: Boolean(id) });
