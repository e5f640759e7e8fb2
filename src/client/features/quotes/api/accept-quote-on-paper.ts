import { quoteApi } from '../../../../common/api-paths';
import type { PaperAcceptance, Quote } from '../../../../common/schemas/quotes';
import { apiFetch } from '../../../lib/api-client';
import { useQuoteChange } from './use-quote-change';

/** POST quoteApi.paperAcceptance: the desk records who signed it on paper, and the day. */
export const acceptQuoteOnPaper = ({ id, input }: { id: string; input: PaperAcceptance }) =>
  apiFetch<Quote>(quoteApi.paperAcceptance(id), { method: 'POST', body: input });
export const useAcceptQuoteOnPaper = () => useQuoteChange(acceptQuoteOnPaper);
