import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Inbox, InboxQuery } from '../../../../common/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messagesRootKey } from './keys';

/** The clinic's conversations with their unread counts, the total and who can take one. */
export const getInbox = (query: InboxQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.assigned) params.set('assigned', query.assigned);
  const search = params.toString();
  return apiFetch<Inbox>(search ? `${api.conversations}?${search}` : api.conversations, { signal });
};

export const getInboxQueryOptions = (query: InboxQuery) =>
  queryOptions({
    queryKey: [...messagesRootKey, 'inbox', query],
    queryFn: ({ signal }) => getInbox(query, signal),
    placeholderData: keepPreviousData,
  });

export const useInbox = (query: InboxQuery) => useQuery(getInboxQueryOptions(query));
