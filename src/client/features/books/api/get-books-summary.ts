import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { BooksPeriod, BooksSummary } from '../../../../common/schemas/books';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** GET api.booksSummary: a period's modelo 303 summary, its invoices' totals and its payments by method. */
export const getBooksSummary = (period: BooksPeriod, signal?: AbortSignal) =>
  apiFetch<BooksSummary>(`${api.booksSummary}${toQueryString(period)}`, { signal });

/** Under the invoices' key: an issue, a rectification or a payment asks for it again. */
export const useBooksSummary = (period: BooksPeriod) =>
  useQuery({
    queryKey: [...invoiceKeys.all, 'books', period.from, period.to],
    queryFn: ({ signal }) => getBooksSummary(period, signal),
    placeholderData: keepPreviousData,
  });
