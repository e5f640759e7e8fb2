import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Patient } from '../../../../common/schemas/patients';
import { apiFetch } from '../../../lib/api-client';
import { patientListKey, patientsRootKey } from './get-patients';

/** 404 when the patient doesn't exist or the signed-in doctor has no appointment with them. */
export const getPatient = (id: string, signal?: AbortSignal) => apiFetch<Patient>(api.patient(id), { signal });

export const getPatientQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...patientsRootKey, 'detail', id], queryFn: ({ signal }) => getPatient(id, signal) });

export const usePatient = (id: string) => useQuery(getPatientQueryOptions(id));

/** After a create or update: keep the record the server answered, and refresh the lists. */
export function storePatient(queryClient: QueryClient, patient: Patient) {
  queryClient.setQueryData(getPatientQueryOptions(patient.id).queryKey, patient);
  return queryClient.invalidateQueries({ queryKey: patientListKey });
}
