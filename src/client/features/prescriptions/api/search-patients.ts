import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { PatientList } from '../../../../common/schemas/patients';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** The doctor's patients (the server returns only those), matching `q` when given. */
export const searchPatients = (q: string, signal?: AbortSignal) =>
  apiFetch<PatientList>(`${api.patients}${toQueryString({ q, pageSize: 20 })}`, { signal });

export const searchPatientsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['prescription-patients', q],
    queryFn: ({ signal }) => searchPatients(q, signal),
    placeholderData: keepPreviousData,
  });

export const useSearchPatients = (q: string) => useQuery(searchPatientsQueryOptions(q));
