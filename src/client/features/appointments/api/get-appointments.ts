import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { AppointmentList, AppointmentStatus } from '../../../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

/**
 * The filters of the appointment history. (The contract's `AppointmentListQuery` is the schema's
 * input, where `z.coerce` makes `page` and `pageSize` `unknown`; the client sends numbers.)
 */
export interface AppointmentsFilters {
  /** Clinic-zone days «AAAA-MM-DD», both included. */
  from?: string;
  to?: string;
  doctorId?: string;
  patientId?: string;
  status?: AppointmentStatus;
  /** Words of the patient's name, phone or document. */
  q?: string;
  order?: 'asc' | 'desc';
}

export interface AppointmentsQuery extends AppointmentsFilters {
  page?: number;
  pageSize?: number;
}

export const getAppointments = (query: AppointmentsQuery, signal?: AbortSignal) =>
  apiFetch<AppointmentList>(`${api.appointments}${toQueryString({ ...query })}`, { signal });

export const getAppointmentsQueryOptions = (query: AppointmentsQuery) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'list', query],
    queryFn: ({ signal }) => getAppointments(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAppointments = (query: AppointmentsQuery) => useQuery(getAppointmentsQueryOptions(query));

/**
 * The CSV of every appointment matching the filters (all pages). A plain link: the browser sends the
 * session cookie and saves the file.
 */
export const appointmentsExportHref = (filters: AppointmentsFilters) =>
  `${api.appointmentsExport}${toQueryString({ ...filters })}`;
