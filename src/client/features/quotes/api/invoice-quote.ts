import { quoteApi } from '../../../../common/api-paths';
import type { Quote } from '../../../../common/schemas/quotes';
import { apiFetch } from '../../../lib/api-client';
import { useQuoteChange } from './use-quote-change';

/** POST quoteApi.invoice: the whole quote on one invoice, now. */
export const invoiceQuote = ({ id, kind }: { id: string; kind: 'completa' | 'simplificada' }) =>
  apiFetch<Quote>(quoteApi.invoice(id), { method: 'POST', body: { kind } });
export const useInvoiceQuote = () => useQuoteChange(invoiceQuote);
