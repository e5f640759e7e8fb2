import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Patient } from '../../../../common/schemas/patients';
import type { PatientAccountLinkInput } from '../../../../common/schemas/record-link';
import { apiFetch } from '../../../lib/api-client';
import { storePatient } from './get-patient';
import { getPatientAccountQueryOptions } from './get-patient-account';

/** Links the record to the paciente account with that e-mail (404 no such account, 409 not a paciente or already linked). */
export const linkPatientAccount = ({ id, input }: { id: string; input: PatientAccountLinkInput }) =>
  apiFetch<Patient>(api.patientAccount(id), { method: 'PUT', body: input });

export function useLinkPatientAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkPatientAccount,
    onSuccess: (patient) =>
      Promise.all([
        storePatient(queryClient, patient),
        queryClient.invalidateQueries({ queryKey: getPatientAccountQueryOptions(patient.id).queryKey }),
      ]),
  });
}
