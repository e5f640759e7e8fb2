import { quoteApi } from '../../../../common/api-paths';
import type { Quote } from '../../../../common/schemas/quotes';
import { apiFetch } from '../../../lib/api-client';
import { useQuoteChange } from './use-quote-change';

/** POST quoteApi.send: by e-mail (and SMS when the clinic has it), with the link to sign it. */
export const sendQuote = (id: string) => apiFetch<Quote>(quoteApi.send(id), { method: 'POST' });
export const useSendQuote = () => useQuoteChange(sendQuote);
