import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { TodayDiary } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

/** Today's appointments in the clinic's time zone, grouped by doctor. */
export const getTodayDiary = (signal?: AbortSignal) => apiFetch<TodayDiary>(api.appointmentsToday, { signal });

export const getTodayDiaryQueryOptions = () =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'today'],
    queryFn: ({ signal }) => getTodayDiary(signal),
    // Live events refresh it at once; this is the fallback when the connection drops unnoticed.
    refetchInterval: 60_000,
  });

export const useTodayDiary = () => useQuery(getTodayDiaryQueryOptions());
