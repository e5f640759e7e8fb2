import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Patient } from '../../../../common/schemas/patients';
import { apiFetch } from '../../../lib/api-client';
import { storePatient } from './get-patient';
import { getPatientAccountQueryOptions } from './get-patient-account';

/** Unlinks it: the account sees nothing of the record until it proves the e-mail again or is linked again. */
export const unlinkPatientAccount = (id: string) => apiFetch<Patient>(api.patientAccount(id), { method: 'DELETE' });

export function useUnlinkPatientAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkPatientAccount,
    onSuccess: (patient) =>
      Promise.all([
        storePatient(queryClient, patient),
        queryClient.invalidateQueries({ queryKey: getPatientAccountQueryOptions(patient.id).queryKey }),
      ]),
  });
}
