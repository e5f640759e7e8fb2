import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Patient, PatientUpdateInput } from '../../../../common/schemas/patients';
import { apiFetch } from '../../../lib/api-client';
import { storePatient } from './get-patient';

/** Admins only. 409 `DUPLICATE_DOCUMENT` like the creation. */
export const updatePatient = ({ id, changes }: { id: string; changes: PatientUpdateInput }) =>
  apiFetch<Patient>(api.patient(id), { method: 'PATCH', body: changes });

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePatient, onSuccess: (patient) => storePatient(queryClient, patient) });
}
