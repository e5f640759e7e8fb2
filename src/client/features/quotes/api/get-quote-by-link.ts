import { queryOptions, useQuery } from '@tanstack/react-query';
import { quoteApi } from '../../../../common/api-paths';
import type { QuoteByLink } from '../../../../common/schemas/quotes';
import { quoteKeys } from '../../../api/quote-keys';
import { apiFetch } from '../../../lib/api-client';
import { useEmbeddedAnswer } from '../../../lib/embedded-answer';

/** GET quoteApi.byLink: the quote a link opens (404 with a Spanish message when it is not one). */
export const getQuoteByLink = (token: string, signal?: AbortSignal) =>
  apiFetch<QuoteByLink>(quoteApi.byLink(token), { signal });

export const getQuoteByLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: quoteKeys.link(token),
    queryFn: ({ signal }) => getQuoteByLink(token, signal),
    retry: false,
    // A refusal the server embedded in the page is the answer (lib/embedded-answer.ts): not asked again on mount.
    retryOnMount: false,
  });

/** The link's page arrives drawn by the server with this answer (spa.ts): the query starts from it. */
export function useQuoteByLink(token: string) {
  useEmbeddedAnswer(quoteKeys.link(token), quoteApi.byLink(token));
  return useQuery(getQuoteByLinkQueryOptions(token));
}

export const quoteLinkPdfHref = (token: string) => quoteApi.linkPdf(token);
