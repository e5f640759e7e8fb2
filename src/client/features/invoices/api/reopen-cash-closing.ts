import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { CashDay } from '../../../../common/schemas/payments';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch } from '../../../lib/api-client';

/** POST api.cashReopen: an admin reopens a closing of «Caja» with the reason; answers the day as it now stands. */
export const reopenCashClosing = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<CashDay>(api.cashReopen(id), { method: 'POST', body: { reason } });

/** Reopens it; the day's cash (and the invoices' lists) are asked again. */
export const useReopenCashClosing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenCashClosing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
};
