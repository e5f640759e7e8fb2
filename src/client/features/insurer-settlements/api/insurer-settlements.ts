import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { insurerApi } from '../../../../common/api-paths';
import type {
  ReconciliationInput,
  SettlementInvoice,
  SettlementPreview,
  SettlementQuery,
} from '../../../../common/schemas/insurer-visits';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** Under the invoices' key: issuing or reconciling changes the invoices, the debts and these. */
const keys = {
  preview: (query: SettlementQuery) => [...invoiceKeys.all, 'insurer-settlement', query] as const,
  invoice: (id: string) => [...invoiceKeys.all, 'insurer-settlement-invoice', id] as const,
};

export const getSettlementPreview = (query: SettlementQuery, signal?: AbortSignal) =>
  apiFetch<SettlementPreview>(`${insurerApi.insurerSettlements}${toQueryString(query)}`, { signal });

export const useSettlementPreview = (query: SettlementQuery | null) =>
  useQuery({
    queryKey: keys.preview(query ?? { insurerId: '', month: '' }),
    queryFn: ({ signal }) => getSettlementPreview(query!, signal),
    enabled: query !== null,
  });

export const getSettlementInvoice = (id: string, signal?: AbortSignal) =>
  apiFetch<SettlementInvoice>(insurerApi.insurerSettlementInvoice(id), { signal });

export const useSettlementInvoice = (id: string) =>
  useQuery({ queryKey: keys.invoice(id), queryFn: ({ signal }) => getSettlementInvoice(id, signal) });

export const issueSettlement = (query: SettlementQuery) =>
  apiFetch<{ id: string; number: string }>(insurerApi.insurerSettlements, { method: 'POST', body: query });

export const reconcile = ({ id, input }: { id: string; input: ReconciliationInput }) =>
  apiFetch<SettlementInvoice>(insurerApi.insurerReconciliation(id), { method: 'POST', body: input });

function useSettlementChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

export const useIssueSettlement = () => useSettlementChange(issueSettlement);
export const useReconcile = () => useSettlementChange(reconcile);
