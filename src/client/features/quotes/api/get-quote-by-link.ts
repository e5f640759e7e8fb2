import { queryOptions, useQuery } from '@tanstack/react-query';
import { quoteApi } from '../../../../common/api-paths';
import type { QuoteByLink } from '../../../../common/schemas/quotes';
import { quoteKeys } from '../../../api/quote-keys';
import { apiFetch } from '../../../lib/api-client';

/** GET quoteApi.byLink: the quote a link opens (404 with a Spanish message when it is not one). */
export const getQuoteByLink = (token: string, signal?: AbortSignal) =>
  apiFetch<QuoteByLink>(quoteApi.byLink(token), { signal });

export const getQuoteByLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: quoteKeys.link(token),
    queryFn: ({ signal }) => getQuoteByLink(token, signal),
    retry: false,
  });

export const useQuoteByLink = (token: string) => useQuery(getQuoteByLinkQueryOptions(token));

export const quoteLinkPdfHref = (token: string) => quoteApi.linkPdf(token);
