import { quoteApi } from '../../../../common/api-paths';
import type { Quote, QuoteUpdate } from '../../../../common/schemas/quotes';
import { apiFetch } from '../../../lib/api-client';
import { useQuoteChange } from './use-quote-change';

/** PUT quoteApi.quote: a draft's lines, discounts, validity and notes, changed before it is sent. */
export const updateQuote = ({ id, input }: { id: string; input: QuoteUpdate }) =>
  apiFetch<Quote>(quoteApi.quote(id), { method: 'PUT', body: input });
export const useUpdateQuote = () => useQuoteChange(updateQuote);
