import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { PATIENT_SORTS, PatientList } from '../../../../common/schemas/patients';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** The prefix of every patient query (lists and records). */
export const patientsRootKey = ['patients'] as const;
/** The prefix of every patient list query: invalidating it refreshes them all. */
export const patientListKey = [...patientsRootKey, 'list'] as const;

/**
 * The list's query string. (The contract's `PatientsQuery` is the schema's input, where `z.coerce`
 * makes `page` and `pageSize` `unknown`; the client sends numbers.)
 */
export interface PatientsQuery {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: (typeof PATIENT_SORTS)[number];
  order?: 'asc' | 'desc';
}

/** Admins get every patient; a doctor only those with an appointment with them. */
export const getPatients = (query: PatientsQuery, signal?: AbortSignal) =>
  apiFetch<PatientList>(`${api.patients}${toQueryString({ ...query })}`, { signal });

export const getPatientsQueryOptions = (query: PatientsQuery) =>
  queryOptions({
    queryKey: [...patientListKey, query],
    queryFn: ({ signal }) => getPatients(query, signal),
    // While the next page or search loads, the current rows stay on screen.
    placeholderData: keepPreviousData,
  });

export const usePatients = (query: PatientsQuery) => useQuery(getPatientsQueryOptions(query));
