import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { UnmatchedMessages } from '../../../../common/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messagesRootKey } from './keys';

/** The «Sin paciente» list: replies by SMS or WhatsApp from numbers no patient was matched to. */
export const getUnmatchedMessages = (signal?: AbortSignal) =>
  apiFetch<UnmatchedMessages>(api.unmatchedMessages, { signal });

export const getUnmatchedMessagesQueryOptions = () =>
  queryOptions({
    queryKey: [...messagesRootKey, 'unmatched'],
    queryFn: ({ signal }) => getUnmatchedMessages(signal),
  });

export const useUnmatchedMessages = () => useQuery(getUnmatchedMessagesQueryOptions());
