import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Patient, PatientCreateInput } from '../../../../common/schemas/patients';
import { apiFetch } from '../../../lib/api-client';
import { storePatient } from './get-patient';

/** 409 `DUPLICATE_DOCUMENT` (with `meta.existingId` and `meta.existingName`) when the document is taken. */
export const createPatient = (input: PatientCreateInput) =>
  apiFetch<Patient>(api.patients, { method: 'POST', body: input });

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPatient, onSuccess: (patient) => storePatient(queryClient, patient) });
}
