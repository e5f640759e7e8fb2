import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Patient } from '../../../../common/schemas/patients';
import { apiFetch } from '../../../lib/api-client';
import { appointmentLookupsKey } from './keys';

/** One patient's record: to name a patient chosen through the address (?patientId=). */
export const getPatientSummary = (id: string, signal?: AbortSignal) => apiFetch<Patient>(api.patient(id), { signal });

export const getPatientSummaryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...appointmentLookupsKey, 'patients', 'detail', id],
    queryFn: ({ signal }) => getPatientSummary(id, signal),
    staleTime: 5 * 60_000,
  });

export const usePatientSummary = (id: string | null) =>
  useQuery({ ...getPatientSummaryQueryOptions(id ?? ''), enabled: Boolean(id) });
