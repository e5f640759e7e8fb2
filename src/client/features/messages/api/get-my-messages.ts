import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { MyConversation } from '../../../../common/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messagesRootKey } from './keys';

/** The paciente's conversation with the clinic; opening it marks the clinic's replies read. */
export const getMyMessages = (signal?: AbortSignal) => apiFetch<MyConversation>(api.myMessages, { signal });

export const getMyMessagesQueryOptions = () =>
  queryOptions({ queryKey: [...messagesRootKey, 'mine'], queryFn: ({ signal }) => getMyMessages(signal) });

export const useMyMessages = () => useQuery(getMyMessagesQueryOptions());
