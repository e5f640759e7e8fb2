import { useQuery } from '@tanstack/react-query';
import { quoteApi } from '../../../../common/api-paths';
import type { QuoteReport } from '../../../../common/schemas/quotes';
import { quoteKeys } from '../../../api/quote-keys';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** GET quoteApi.report: the acceptance rate of a year, by month and by doctor. */
export const getQuoteReport = (year: number, signal?: AbortSignal) =>
  apiFetch<QuoteReport>(`${quoteApi.report}${toQueryString({ year })}`, { signal });

export const useQuoteReport = (year: number) =>
  useQuery({ queryKey: quoteKeys.report(year), queryFn: ({ signal }) => getQuoteReport(year, signal) });
