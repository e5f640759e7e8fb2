import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { Doctor } from '../../common/schemas/doctors';
import { apiFetch, toQueryString } from '../lib/api-client';

export interface DoctorsQuery {
  /** Also the doctors who no longer take appointments. */
  includeInactive?: boolean;
}

/** Every doctor query starts with `all`; every list (the admin's, the desk's, the invitation's colours) with `lists()`. */
export const doctorKeys = {
  all: ['doctors'] as const,
  lists: () => [...doctorKeys.all, 'list'] as const,
  list: ({ includeInactive }: DoctorsQuery = {}) =>
    [...doctorKeys.lists(), { includeInactive: Boolean(includeInactive) }] as const,
  detail: (id: string) => [...doctorKeys.all, 'detail', id] as const,
};

/** The clinic's doctors with colour, weekly hours, absences and appointment length (staff). */
export const getDoctors = ({ includeInactive }: DoctorsQuery = {}, signal?: AbortSignal) =>
  apiFetch<Doctor[]>(`${api.doctors}${toQueryString({ includeInactive: includeInactive || undefined })}`, { signal });

export const getDoctorsQueryOptions = (query: DoctorsQuery = {}) =>
  queryOptions({ queryKey: doctorKeys.list(query), queryFn: ({ signal }) => getDoctors(query, signal) });

export const useDoctors = (query: DoctorsQuery = {}) => useQuery(getDoctorsQueryOptions(query));

/** The active doctors, for the desk's screens: they seldom change, so five minutes old is fine. */
export const useActiveDoctors = () => useQuery({ ...getDoctorsQueryOptions(), staleTime: 5 * 60_000 });

export const getDoctor = (id: string, signal?: AbortSignal) => apiFetch<Doctor>(api.doctor(id), { signal });

export const getDoctorQueryOptions = (id: string) =>
  queryOptions({ queryKey: doctorKeys.detail(id), queryFn: ({ signal }) => getDoctor(id, signal) });

export const useDoctor = (id: string | null) => useQuery({ ...getDoctorQueryOptions(id ?? ''), enabled: Boolean(id) });

/** After any change a doctor endpoint answers with the doctor: keep it, and refresh the lists. */
export function storeDoctor(queryClient: QueryClient, doctor: Doctor) {
  queryClient.setQueryData(doctorKeys.detail(doctor.id), doctor);
  return queryClient.invalidateQueries({ queryKey: doctorKeys.lists() });
}
