import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Patient } from '../../../../common/schemas/patients';
import { apiFetch } from '../../../lib/api-client';

/** GET api.myPatientRecord: the signed-in paciente's own record (409 until it is confirmed). */
export const getMyRecord = (signal?: AbortSignal) => apiFetch<Patient>(api.myPatientRecord, { signal });

export const getMyRecordQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'patient'], queryFn: ({ signal }) => getMyRecord(signal) });

export const useMyRecord = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getMyRecordQueryOptions(), enabled: options.enabled ?? true });
