import { queryOptions, useQuery } from '@tanstack/react-query';
import { quoteApi } from '../../../../common/api-paths';
import type { Quote } from '../../../../common/schemas/quotes';
import { quoteKeys } from '../../../api/quote-keys';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** GET quoteApi.quotes: a patient's quotes (the desk's, a doctor's patients'), or the paciente's own (`null`). */
export const getQuotes = (patientId: string | null, signal?: AbortSignal) =>
  apiFetch<Quote[]>(`${quoteApi.quotes}${patientId ? toQueryString({ patientId }) : ''}`, { signal });

export const getQuotesQueryOptions = (patientId: string | null) =>
  queryOptions({ queryKey: quoteKeys.list(patientId), queryFn: ({ signal }) => getQuotes(patientId, signal) });

export const useQuotes = (patientId: string | null) => useQuery(getQuotesQueryOptions(patientId));

/** The quote's PDF (the desk's, a doctor's, her own). */
export const quotePdfHref = (id: string) => quoteApi.pdf(id);
