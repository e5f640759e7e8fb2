import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Prescription } from '../../../../common/schemas/prescriptions';
import { apiFetch } from '../../../lib/api-client';
import { prescriptionsRootKey } from './keys';

/** 409 when it was already cancelled (Spanish message). */
export const cancelPrescription = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<Prescription>(api.cancelPrescription(id), { method: 'POST', body: { reason } });

export function useCancelPrescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPrescription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: prescriptionsRootKey }),
  });
}
