import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { Production, ProductionQuery, Revenue } from '../../common/schemas/billing-reports';
import { apiFetch, toQueryString } from '../lib/api-client';
import { invoiceKeys } from './invoices';

/** Under the invoices' key: issuing, cancelling or paying an invoice refreshes the reports too. */
export const billingReportKeys = {
  production: (query: ProductionQuery) => [...invoiceKeys.all, 'production', query] as const,
  revenue: (months: number) => [...invoiceKeys.all, 'revenue', months] as const,
};

/** A doctor's production in a period (her own; the desk names `doctorId`). */
export const getProduction = (query: ProductionQuery, signal?: AbortSignal) =>
  apiFetch<Production>(`${api.production}${toQueryString(query)}`, { signal });

export const getProductionQueryOptions = (query: ProductionQuery) =>
  queryOptions({
    queryKey: billingReportKeys.production(query),
    queryFn: ({ signal }) => getProduction(query, signal),
  });

export const useProduction = (query: ProductionQuery) => useQuery(getProductionQueryOptions(query));

/** The clinic's revenue by month of issue, the last `months` months (the admin dashboard's «Facturación»). */
export const getRevenue = (months: number, signal?: AbortSignal) =>
  apiFetch<Revenue>(`${api.revenue}${toQueryString({ months })}`, { signal });

export const getRevenueQueryOptions = (months = 12) =>
  queryOptions({ queryKey: billingReportKeys.revenue(months), queryFn: ({ signal }) => getRevenue(months, signal) });

export const useRevenue = (months = 12) => useQuery(getRevenueQueryOptions(months));
