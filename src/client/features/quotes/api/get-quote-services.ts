import { useQuery } from '@tanstack/react-query';
import { quoteApi } from '../../../../common/api-paths';
import type { QuoteService } from '../../../../common/schemas/quotes';
import { quoteKeys } from '../../../api/quote-keys';
import { apiFetch } from '../../../lib/api-client';

/** GET quoteApi.services: the clinic's active services a quote may name (the desk's and a doctor's). */
export const getQuoteServices = (signal?: AbortSignal) => apiFetch<QuoteService[]>(quoteApi.services, { signal });

export const useQuoteServices = () =>
  useQuery({ queryKey: quoteKeys.services(), queryFn: ({ signal }) => getQuoteServices(signal) });
