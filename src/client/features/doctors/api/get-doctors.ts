import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Doctor } from '../../../../common/schemas/doctors';
import { apiFetch, toQueryString } from '../../../lib/api-client';

export interface DoctorsQuery {
  /** Also the doctors who no longer take appointments. */
  includeInactive?: boolean;
}

/** The prefix of every doctor query (lists and details). */
export const doctorsRootKey = ['doctors'] as const;
/** The prefix of every doctor list query: invalidating it refreshes them all. */
export const doctorListKey = [...doctorsRootKey, 'list'] as const;

export const getDoctors = ({ includeInactive }: DoctorsQuery = {}, signal?: AbortSignal) =>
  apiFetch<Doctor[]>(`${api.doctors}${toQueryString({ includeInactive: includeInactive || undefined })}`, { signal });

export const getDoctorsQueryOptions = (query: DoctorsQuery = {}) =>
  queryOptions({
    queryKey: [...doctorListKey, { includeInactive: Boolean(query.includeInactive) }],
    queryFn: ({ signal }) => getDoctors(query, signal),
  });

export const useDoctors = (query: DoctorsQuery = {}) => useQuery(getDoctorsQueryOptions(query));
