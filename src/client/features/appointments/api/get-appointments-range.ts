import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { CalendarAppointment } from '../../../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

export interface AppointmentsRange {
  /** ISO instants; at most 62 days apart. */
  from: string;
  to: string;
  doctorId?: string;
}

/** Every appointment in the range (cancelled ones too), not paginated, without the patients' contact data: for the calendar. */
export const getAppointmentsRange = (range: AppointmentsRange, signal?: AbortSignal) =>
  apiFetch<CalendarAppointment[]>(`${api.appointmentsRange}${toQueryString({ ...range })}`, { signal });

export const getAppointmentsRangeQueryOptions = (range: AppointmentsRange) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'range', range],
    queryFn: ({ signal }) => getAppointmentsRange(range, signal),
    // While the next week loads, the current one stays on screen.
    placeholderData: keepPreviousData,
  });

export const useAppointmentsRange = (range: AppointmentsRange | null) =>
  useQuery({ ...getAppointmentsRangeQueryOptions(range ?? { from: '', to: '' }), enabled: Boolean(range) });
