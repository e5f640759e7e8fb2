import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { PackProduct, PackProductInput, PatientPack, SellPackInput } from '../../common/schemas/packs';
import { apiFetch } from '../lib/api-client';
import { invoiceKeys } from './invoices';

/** «Bonos» (issue 36, item 3): the products, and each patient's packs. */
export const packKeys = {
  products: ['pack-products'] as const,
  all: ['patient-packs'] as const,
  ofPatient: (patientId: string) => ['patient-packs', patientId] as const,
};

export const getPackProducts = (signal?: AbortSignal) => apiFetch<PackProduct[]>(api.packProducts, { signal });
export const usePackProducts = () =>
  useQuery(queryOptions({ queryKey: packKeys.products, queryFn: ({ signal }) => getPackProducts(signal) }));

export const getPatientPacks = (patientId: string, signal?: AbortSignal) =>
  apiFetch<PatientPack[]>(api.patientPacks(patientId), { signal });
export const getPatientPacksQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: packKeys.ofPatient(patientId),
    queryFn: ({ signal }) => getPatientPacks(patientId, signal),
  });
export const usePatientPacks = (patientId: string | undefined) =>
  useQuery({ ...getPatientPacksQueryOptions(patientId ?? ''), enabled: Boolean(patientId) });

export const createPackProduct = (input: PackProductInput) =>
  apiFetch<PackProduct>(api.packProducts, { method: 'POST', body: input });
export const updatePackProduct = ({ id, input }: { id: string; input: PackProductInput }) =>
  apiFetch<PackProduct>(api.packProduct(id), { method: 'PUT', body: input });

export const sellPack = ({ patientId, input }: { patientId: string; input: SellPackInput }) =>
  apiFetch<{ packId: string; invoiceNumber: string }>(api.patientPacks(patientId), { method: 'POST', body: input });
export const refundPack = ({ patientId, packId }: { patientId: string; packId: string }) =>
  apiFetch<{ invoiceNumber: string; refundCents: number }>(api.patientPackRefund(patientId, packId), {
    method: 'POST',
  });

function useProductChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packKeys.products }),
  });
}
export const useCreatePackProduct = () => useProductChange(createPackProduct);
export const useUpdatePackProduct = () => useProductChange(updatePackProduct);

/** A sale or a refund issues an invoice: the patient's packs and the invoices are asked again. */
function usePackChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packKeys.all }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      ]),
  });
}
export const useSellPack = () => usePackChange(sellPack);
export const useRefundPack = () => usePackChange(refundPack);
