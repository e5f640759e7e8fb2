import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Model347 } from '../../../../common/schemas/books';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** GET api.books347: the modelo 347's customers of a year. */
export const getModel347 = (year: number, signal?: AbortSignal) =>
  apiFetch<Model347>(`${api.books347}${toQueryString({ year })}`, { signal });

export const useModel347 = (year: number) =>
  useQuery({ queryKey: [...invoiceKeys.all, '347', year], queryFn: ({ signal }) => getModel347(year, signal) });
