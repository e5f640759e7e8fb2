import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settlementApi } from '../../../../common/api-paths';
import type {
  DoctorSettlementRule,
  Settlement,
  SettlementRuleInput,
  SettlementSummary,
} from '../../../../common/schemas/settlements';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** Under the invoices' key: an issue, a cancellation or a payment changes what a month's draft counts. */
export const settlementKeys = {
  all: [...invoiceKeys.all, 'settlements'] as const,
  rules: () => [...settlementKeys.all, 'rules'] as const,
  list: (doctorId?: string) => [...settlementKeys.all, 'list', doctorId ?? 'all'] as const,
  draft: (doctorId: string, month: string) => [...settlementKeys.all, 'draft', doctorId, month] as const,
  one: (id: string) => [...settlementKeys.all, 'one', id] as const,
};

/** GET settlementApi.rules: every doctor with her rule. */
export const getSettlementRules = (signal?: AbortSignal) =>
  apiFetch<DoctorSettlementRule[]>(settlementApi.rules, { signal });
export const useSettlementRules = () =>
  useQuery({ queryKey: settlementKeys.rules(), queryFn: ({ signal }) => getSettlementRules(signal) });

/** GET settlementApi.settlements: the settlements issued (a doctor's own; the desk any or all). */
export const getSettlements = (doctorId?: string, signal?: AbortSignal) =>
  apiFetch<SettlementSummary[]>(`${settlementApi.settlements}${toQueryString({ doctorId })}`, { signal });
export const useSettlements = (doctorId?: string) =>
  useQuery({ queryKey: settlementKeys.list(doctorId), queryFn: ({ signal }) => getSettlements(doctorId, signal) });

/** GET settlementApi.draft: a doctor's month as it would be issued now. */
export const getSettlementDraft = (doctorId: string, month: string, signal?: AbortSignal) =>
  apiFetch<Settlement>(`${settlementApi.draft}${toQueryString({ doctorId, month })}`, { signal });
export const useSettlementDraft = (doctorId: string, month: string, enabled: boolean) =>
  useQuery({
    queryKey: settlementKeys.draft(doctorId, month),
    queryFn: ({ signal }) => getSettlementDraft(doctorId, month, signal),
    enabled,
  });

/** GET settlementApi.settlement: an issued settlement with its lines. */
export const getSettlement = (id: string, signal?: AbortSignal) =>
  apiFetch<Settlement>(settlementApi.settlement(id), { signal });
export const useSettlement = (id: string | null) =>
  useQuery({
    queryKey: settlementKeys.one(id ?? ''),
    queryFn: ({ signal }) => getSettlement(id!, signal),
    enabled: id !== null,
  });

/** PUT settlementApi.rule: a doctor's rule, replaced whole. */
export const setSettlementRule = ({ doctorId, input }: { doctorId: string; input: SettlementRuleInput }) =>
  apiFetch<void>(settlementApi.rule(doctorId), { method: 'PUT', body: input });

/** POST settlementApi.settlements: issues a doctor's month. */
export const issueSettlement = (input: { doctorId: string; month: string }) =>
  apiFetch<Settlement>(settlementApi.settlements, { method: 'POST', body: input });

function useSettlementChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}

export const useSetSettlementRule = () => useSettlementChange(setSettlementRule);
export const useIssueSettlement = () => useSettlementChange(issueSettlement);
