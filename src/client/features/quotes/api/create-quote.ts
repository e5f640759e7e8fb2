import { quoteApi } from '../../../../common/api-paths';
import type { Quote, QuoteInput } from '../../../../common/schemas/quotes';
import { apiFetch } from '../../../lib/api-client';
import { useQuoteChange } from './use-quote-change';

/** POST quoteApi.quotes: a draft quote, numbered. */
export const createQuote = (input: QuoteInput) => apiFetch<Quote>(quoteApi.quotes, { method: 'POST', body: input });
export const useCreateQuote = () => useQuoteChange(createQuote);
