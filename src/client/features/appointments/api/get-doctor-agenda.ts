import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Appointment } from '../../../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

export interface AgendaRange {
  /** ISO instants. */
  from: string;
  to: string;
}

/** The signed-in doctor's own appointments in the range. */
export const getDoctorAgenda = (range: AgendaRange, signal?: AbortSignal) =>
  apiFetch<Appointment[]>(`${api.doctorAgenda}${toQueryString({ ...range })}`, { signal });

export const getDoctorAgendaQueryOptions = (range: AgendaRange) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'agenda', range],
    queryFn: ({ signal }) => getDoctorAgenda(range, signal),
    placeholderData: keepPreviousData,
  });

export const useDoctorAgenda = (range: AgendaRange | null) =>
  useQuery({ ...getDoctorAgendaQueryOptions(range ?? { from: '', to: '' }), enabled: Boolean(range) });
