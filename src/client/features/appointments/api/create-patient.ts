import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Patient, PatientCreateInput } from '../../../../common/schemas/patients';
import { apiFetch } from '../../../lib/api-client';
import { getPatientSummaryQueryOptions } from './get-patient-summary';
import { patientSearchKey } from './search-patients';

/**
 * Creates a patient's record while booking. 409 `DUPLICATE_DOCUMENT` (with `meta.existingId` and
 * `meta.existingName`) when another patient has that document.
 */
export const createPatient = (input: PatientCreateInput) =>
  apiFetch<Patient>(api.patients, { method: 'POST', body: input });

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: (patient) => {
      queryClient.setQueryData(getPatientSummaryQueryOptions(patient.id).queryKey, patient);
      return queryClient.invalidateQueries({ queryKey: patientSearchKey });
    },
  });
}
