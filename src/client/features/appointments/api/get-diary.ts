import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { TodayDiary } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

/** One day's appointments in the clinic's time zone, grouped by doctor: today when `date` is undefined. */
export const getDiary = (date: string | undefined, signal?: AbortSignal) =>
  apiFetch<TodayDiary>(date ? `${api.appointmentsToday}?date=${date}` : api.appointmentsToday, { signal });

export const getDiaryQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'diary', date ?? 'today'],
    queryFn: ({ signal }) => getDiary(date, signal),
    // Live events refresh it at once; this is the fallback when the connection drops unnoticed.
    refetchInterval: 60_000,
    // Moving between days keeps the last day on screen until the next arrives (no flash of «Cargando»).
    placeholderData: keepPreviousData,
  });

export const useDiary = (date?: string) => useQuery(getDiaryQueryOptions(date));
