import { quoteApi } from '../../../../common/api-paths';
import type { Quote } from '../../../../common/schemas/quotes';
import { apiFetch } from '../../../lib/api-client';
import { useQuoteChange } from './use-quote-change';

/** POST quoteApi.sessions: one of her appointments becomes a planned session of a line. */
export const linkQuoteSession = ({
  id,
  lineId,
  appointmentId,
}: {
  id: string;
  lineId: string;
  appointmentId: string;
}) => apiFetch<Quote>(quoteApi.sessions(id), { method: 'POST', body: { lineId, appointmentId } });
export const useLinkQuoteSession = () => useQuoteChange(linkQuoteSession);
