import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Sales, SalesQuery } from '../../../../common/schemas/sales';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** GET api.sales: the period's invoices by service, insurer and doctor, adding up to the books. */
export const getSales = (query: SalesQuery, signal?: AbortSignal) =>
  apiFetch<Sales>(`${api.sales}${toQueryString(query)}`, { signal });

/** Under the invoices' key: an issue, a payment or a rectificativa asks for it again. */
export const useSales = (query: SalesQuery) =>
  useQuery({ queryKey: [...invoiceKeys.all, 'sales', query], queryFn: ({ signal }) => getSales(query, signal) });
