import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type {
  BillableVisit,
  ChainState,
  InvoiceDetail,
  InvoiceList,
  InvoiceListQuery,
  InvoicePreview,
  IssueInvoiceInput,
  Issuer,
  RectifyInvoiceInput,
  VerifactuState,
} from '../../common/schemas/invoices';
import { apiFetch, toQueryString } from '../lib/api-client';

export type { ChainState, VerifactuState };

/** Invoices, the issuer and the chain: an issue or a cancellation refreshes all three. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (filters: InvoiceListQuery) => ['invoices', 'list', filters] as const,
  issuer: ['invoices', 'issuer'] as const,
  chain: ['invoices', 'chain'] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  billable: (patientId: string) => ['invoices', 'billable', patientId] as const,
};

export const getInvoices = (filters: InvoiceListQuery, signal?: AbortSignal) =>
  apiFetch<InvoiceList>(`${api.invoices}${toQueryString(filters)}`, { signal });

export const useInvoices = (filters: InvoiceListQuery) =>
  useQuery(
    queryOptions({ queryKey: invoiceKeys.list(filters), queryFn: ({ signal }) => getInvoices(filters, signal) }),
  );

export const getInvoice = (id: string, signal?: AbortSignal) => apiFetch<InvoiceDetail>(api.invoice(id), { signal });
export const useInvoice = (id: string) =>
  useQuery({ queryKey: invoiceKeys.detail(id), queryFn: ({ signal }) => getInvoice(id, signal) });

/** A patient's attended visits left to invoice (an issue refreshes them with the rest of `invoiceKeys.all`). */
export const getBillableVisits = (patientId: string, signal?: AbortSignal) =>
  apiFetch<BillableVisit[]>(api.patientBillableVisits(patientId), { signal });
export const useBillableVisits = (patientId: string) =>
  useQuery({
    queryKey: invoiceKeys.billable(patientId),
    queryFn: ({ signal }) => getBillableVisits(patientId, signal),
  });

/** The accountant's export of the list's filters: a Spanish spreadsheet (`hoja`) or plain CSV. */
export const invoicesExportHref = (filters: InvoiceListQuery, formato: 'hoja' | 'csv') =>
  `${api.invoicesExport}${toQueryString({ ...filters, formato })}`;

/** The PDF is downloaded by the browser itself (a link), with the session's cookie. */
export const invoicePdfHref = (id: string) => api.invoicePdf(id);

export const getIssuer = (signal?: AbortSignal) => apiFetch<Issuer>(api.billingIssuer, { signal });
export const useIssuer = () => useQuery({ queryKey: invoiceKeys.issuer, queryFn: ({ signal }) => getIssuer(signal) });

export const getChainState = (signal?: AbortSignal) => apiFetch<VerifactuState>(api.verifactuState, { signal });
export const useChainState = () =>
  useQuery({ queryKey: invoiceKeys.chain, queryFn: ({ signal }) => getChainState(signal) });

export const issueInvoice = (input: IssueInvoiceInput) =>
  apiFetch<InvoiceDetail>(api.invoices, { method: 'POST', body: input });

/** «Facturar» before issuing: the invoice as the server would issue it now (nothing written). */
export const previewInvoice = (input: IssueInvoiceInput, signal?: AbortSignal) =>
  apiFetch<InvoicePreview>(api.invoicePreview, { method: 'POST', body: input, signal });
export const useInvoicePreview = (input: IssueInvoiceInput | null) =>
  useQuery({
    queryKey: [...invoiceKeys.all, 'preview', input] as const,
    queryFn: ({ signal }) => previewInvoice(input!, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const cancelInvoice = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<InvoiceDetail>(api.invoiceCancel(id), { method: 'POST', body: { reason } });

export const rectifyInvoice = ({ id, input }: { id: string; input: RectifyInvoiceInput }) =>
  apiFetch<InvoiceDetail>(api.invoiceRectify(id), { method: 'POST', body: input });

/** «Emitir factura completa»: the F3 replacing a simplified invoice (and others of the same patient). */
export const completeInvoice = ({ id, alsoInvoiceIds = [] }: { id: string; alsoInvoiceIds?: string[] }) =>
  apiFetch<InvoiceDetail>(api.invoiceComplete(id), { method: 'POST', body: { alsoInvoiceIds } });

export const saveIssuer = (input: Issuer) => apiFetch<Issuer>(api.billingIssuer, { method: 'PUT', body: input });

function useBillingChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

export const useIssueInvoice = () => useBillingChange(issueInvoice);
export const useCancelInvoice = () => useBillingChange(cancelInvoice);
export const useRectifyInvoice = () => useBillingChange(rectifyInvoice);
export const useSaveIssuer = () => useBillingChange(saveIssuer);
export const useCompleteInvoice = () => useBillingChange(completeInvoice);
