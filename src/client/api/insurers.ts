import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { Insurer, InsurerInput, InsurerTariffsInput } from '../../common/schemas/insurers';
import { apiFetch } from '../lib/api-client';

/** «Aseguradoras»: one key for the list, which the patient's record and the booking read too. */
export const insurerKeys = { all: ['insurers'] as const };

export const getInsurers = (signal?: AbortSignal) => apiFetch<Insurer[]>(api.insurers, { signal });

export const getInsurersQueryOptions = () =>
  queryOptions({ queryKey: insurerKeys.all, queryFn: ({ signal }) => getInsurers(signal) });

export const useInsurers = () => useQuery(getInsurersQueryOptions());

export const createInsurer = (input: InsurerInput) => apiFetch<Insurer>(api.insurers, { method: 'POST', body: input });

export const updateInsurer = ({ id, input }: { id: string; input: InsurerInput }) =>
  apiFetch<Insurer>(api.insurer(id), { method: 'PUT', body: input });

export const setInsurerTariffs = ({ id, input }: { id: string; input: InsurerTariffsInput }) =>
  apiFetch<Insurer>(api.insurerTariffs(id), { method: 'PUT', body: input });

/** A change refreshes the list before the screen follows. */
function useInsurerChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insurerKeys.all }),
  });
}

export const useCreateInsurer = () => useInsurerChange(createInsurer);
export const useUpdateInsurer = () => useInsurerChange(updateInsurer);
export const useSetInsurerTariffs = () => useInsurerChange(setInsurerTariffs);
