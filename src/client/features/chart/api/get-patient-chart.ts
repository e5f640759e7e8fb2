import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ChartKind, ChartPage } from '../../../../common/schemas/chart';
import { apiFetch, toQueryString } from '../../../lib/api-client';

export interface ChartFilters {
  kinds: ChartKind[];
  from?: string;
  to?: string;
}

const PAGE_SIZE = 20;

/** One page of the patient's timeline, newest first; `cursor` is the previous page's `next`. */
export const getPatientChart = (
  patientId: string,
  filters: ChartFilters,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  apiFetch<ChartPage>(
    `${api.patientChart(patientId)}${toQueryString({ kinds: filters.kinds.join(','), from: filters.from, to: filters.to, cursor, limit: PAGE_SIZE })}`,
    { signal },
  );

export const getPatientChartQueryOptions = (patientId: string, filters: ChartFilters) =>
  infiniteQueryOptions({
    queryKey: ['chart', patientId, filters],
    queryFn: ({ pageParam, signal }) => getPatientChart(patientId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** «Ver más» loads the next page. */
export const usePatientChart = (patientId: string, filters: ChartFilters) =>
  useInfiniteQuery(getPatientChartQueryOptions(patientId, filters));
