import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { PatientList } from '../../../../common/schemas/patients';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { appointmentLookupsKey } from './keys';

export const PATIENT_SEARCH_SIZE = 10;

/** Patients matching `q` (name, document, phone or e-mail; accents and case ignored on the server). */
export const searchPatients = (q: string, signal?: AbortSignal) =>
  apiFetch<PatientList>(`${api.patients}${toQueryString({ q, pageSize: PATIENT_SEARCH_SIZE })}`, { signal });

export const patientSearchKey = [...appointmentLookupsKey, 'patients', 'search'] as const;

export const searchPatientsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...patientSearchKey, q],
    queryFn: ({ signal }) => searchPatients(q, signal),
    placeholderData: keepPreviousData,
  });

/** Searches once `q` has two characters or more. */
export const useSearchPatients = (q: string) =>
  useQuery({ ...searchPatientsQueryOptions(q), enabled: q.trim().length >= 2 });
