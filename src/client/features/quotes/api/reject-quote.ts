import { quoteApi } from '../../../../common/api-paths';
import type { Quote } from '../../../../common/schemas/quotes';
import { apiFetch } from '../../../lib/api-client';
import { useQuoteChange } from './use-quote-change';

/** POST quoteApi.rejection: she said no. */
export const rejectQuote = (id: string) => apiFetch<Quote>(quoteApi.rejection(id), { method: 'POST' });
export const useRejectQuote = () => useQuoteChange(rejectQuote);
