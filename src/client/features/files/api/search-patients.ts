import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { PatientList } from '../../../../common/schemas/patients';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** The patient picker's matches (staff): name, document, phone or e-mail. */
export const searchPatientsForFiles = (q: string, signal?: AbortSignal) =>
  apiFetch<PatientList>(`${api.patients}${toQueryString({ q, pageSize: 10 })}`, { signal });

export const getPatientMatchesQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['files', 'patient-matches', q], queryFn: ({ signal }) => searchPatientsForFiles(q, signal), placeholderData: keepPreviousData });

export const usePatientMatches = (q: string) => useQuery(getPatientMatchesQueryOptions(q));
