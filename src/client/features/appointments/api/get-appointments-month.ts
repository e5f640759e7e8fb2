import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { CalendarMonth } from '../../../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

export interface AppointmentsMonth {
  /** ISO instants of the month view's six weeks. */
  from: string;
  to: string;
  /** The doctors chosen in the filter; all when empty. */
  doctorIds: string[];
}

/** Each day's first appointments and how many it has: the month view of a clinic of any size. */
export const getAppointmentsMonth = ({ from, to, doctorIds }: AppointmentsMonth, signal?: AbortSignal) =>
  apiFetch<CalendarMonth>(
    `${api.appointmentsMonth}${toQueryString({ from, to, doctorIds: doctorIds.length ? [...doctorIds].sort().join(',') : undefined })}`,
    { signal },
  );

export const getAppointmentsMonthQueryOptions = (month: AppointmentsMonth) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'month', { ...month, doctorIds: [...month.doctorIds].sort() }],
    queryFn: ({ signal }) => getAppointmentsMonth(month, signal),
    placeholderData: keepPreviousData,
  });

export const useAppointmentsMonth = (month: AppointmentsMonth | null) =>
  useQuery({
    ...getAppointmentsMonthQueryOptions(month ?? { from: '', to: '', doctorIds: [] }),
    enabled: Boolean(month),
  });
