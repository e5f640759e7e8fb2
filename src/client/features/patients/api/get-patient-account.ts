import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { PatientAccount } from '../../../../common/schemas/record-link';
import { apiFetch } from '../../../lib/api-client';
import { patientsRootKey } from './get-patients';

/** Admins only: the web account a record is linked to, if any. */
export const getPatientAccount = (id: string, signal?: AbortSignal) => apiFetch<PatientAccount>(api.patientAccount(id), { signal });

export const getPatientAccountQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...patientsRootKey, 'account', id], queryFn: ({ signal }) => getPatientAccount(id, signal) });

export const usePatientAccount = (id: string) => useQuery(getPatientAccountQueryOptions(id));
