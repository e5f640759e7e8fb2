import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Doctor } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';
import { doctorListKey, doctorsRootKey } from './get-doctors';

export const getDoctor = (id: string, signal?: AbortSignal) => apiFetch<Doctor>(api.doctor(id), { signal });

export const getDoctorQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...doctorsRootKey, 'detail', id], queryFn: ({ signal }) => getDoctor(id, signal) });

export const useDoctor = (id: string | null) => useQuery({ ...getDoctorQueryOptions(id ?? ''), enabled: Boolean(id) });

/** After any change a doctor endpoint answers with the doctor: keep it, and refresh the lists. */
export function storeDoctor(queryClient: QueryClient, doctor: Doctor) {
  queryClient.setQueryData(getDoctorQueryOptions(doctor.id).queryKey, doctor);
  return queryClient.invalidateQueries({ queryKey: doctorListKey });
}
