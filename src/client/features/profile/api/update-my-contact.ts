import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Patient } from '../../../../common/schemas/patients';
import type { MyContactInput } from '../../../../common/schemas/profile';
import { apiFetch } from '../../../lib/api-client';
import { getMyRecordQueryOptions } from './get-my-record';

/** PATCH api.myContact: phone, e-mail and address of the paciente's own record. */
export const updateMyContact = (input: MyContactInput) =>
  apiFetch<Patient>(api.myContact, { method: 'PATCH', body: input });

export function useUpdateMyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyContact,
    onSuccess: (record) => queryClient.setQueryData(getMyRecordQueryOptions().queryKey, record),
  });
}
