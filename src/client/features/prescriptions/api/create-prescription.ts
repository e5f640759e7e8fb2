import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Prescription, PrescriptionCreate } from '../../../../common/schemas/prescriptions';
import { apiFetch } from '../../../lib/api-client';
import { prescriptionsRootKey } from './keys';

export const createPrescription = (input: PrescriptionCreate) =>
  apiFetch<Prescription>(api.prescriptions, { method: 'POST', body: input });

export function useCreatePrescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrescription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prescriptionsRootKey }),
  });
}
