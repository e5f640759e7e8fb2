import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ConfirmEmailResult } from '../../../../common/schemas/record-link';
import { apiFetch } from '../../../lib/api-client';

/** The landing of the e-mailed link: proves the address and links the record (400 when spent or expired). */
export const confirmEmail = (token: string) =>
  apiFetch<ConfirmEmailResult>(api.auth.confirmEmail, { method: 'POST', body: { token } });

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // Whatever the patient area showed before the proof is stale now.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['me'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
