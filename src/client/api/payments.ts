import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { CashCloseInput, CashDay, InvoicePayments, PaymentInput } from '../../common/schemas/payments';
import { apiFetch, toQueryString } from '../lib/api-client';
import { invoiceKeys } from './invoices';

/** A payment changes the invoices' list (what is owed) and the day's cash: both refresh. */
export const paymentKeys = {
  cash: (day: string) => ['invoices', 'cash', day] as const,
  ofInvoice: (id: string) => ['invoices', 'payments', id] as const,
};

export const getCashDay = (day: string, signal?: AbortSignal) =>
  apiFetch<CashDay>(`${api.cashDay}${toQueryString({ day })}`, { signal });
export const useCashDay = (day: string) =>
  useQuery({ queryKey: paymentKeys.cash(day), queryFn: ({ signal }) => getCashDay(day, signal), enabled: day !== '' });

export const recordPayment = ({ invoiceId, input }: { invoiceId: string; input: PaymentInput }) =>
  apiFetch<InvoicePayments>(api.invoicePayments(invoiceId), { method: 'POST', body: input });

export const closeCashDay = (input: CashCloseInput) =>
  apiFetch<CashDay>(api.cashClose, { method: 'POST', body: input });

function useCashChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

export const useRecordPayment = () => useCashChange(recordPayment);
export const useCloseCashDay = () => useCashChange(closeCashDay);
