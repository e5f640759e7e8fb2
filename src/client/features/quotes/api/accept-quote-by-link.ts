import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteApi } from '../../../../common/api-paths';
import type { QuoteByLink, SignedAcceptance } from '../../../../common/schemas/quotes';
import { quoteKeys } from '../../../api/quote-keys';
import { apiFetch } from '../../../lib/api-client';

/** POST quoteApi.linkAcceptance: she accepts it with her signature; the answer is the quote after it. */
export const acceptQuoteByLink = ({ token, input }: { token: string; input: SignedAcceptance }) =>
  apiFetch<QuoteByLink>(quoteApi.linkAcceptance(token), { method: 'POST', body: input });

export function useAcceptQuoteByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuoteByLink,
    onSuccess: (view, { token }) => queryClient.setQueryData(quoteKeys.link(token), view),
  });
}
