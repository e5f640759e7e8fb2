import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { VerifactuResend } from '../../../../common/schemas/invoices';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch } from '../../../lib/api-client';

/** POST api.verifactuResend: the records a Client Fault refused go back to «pendiente de envío» (how many). */
export const resendFaultedRecords = () => apiFetch<VerifactuResend>(api.verifactuResend, { method: 'POST', body: {} });

/** Sends them again; the VERI*FACTU state is asked again, so the panel shows them pending. */
export const useResendFaultedRecords = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendFaultedRecords,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.chain }),
  });
};
