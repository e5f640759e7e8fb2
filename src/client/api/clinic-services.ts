import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { ClinicService, ClinicServiceInput } from '../../common/schemas/clinic-services';
import { apiFetch } from '../lib/api-client';

/** «Servicios y tarifas»: one key for the catalogue, which the booking and billing screens will read too. */
export const clinicServiceKeys = { all: ['clinic-services'] as const };

export const getClinicServices = (signal?: AbortSignal) => apiFetch<ClinicService[]>(api.services, { signal });

export const getClinicServicesQueryOptions = () =>
  queryOptions({ queryKey: clinicServiceKeys.all, queryFn: ({ signal }) => getClinicServices(signal) });

export const useClinicServices = () => useQuery(getClinicServicesQueryOptions());

export const createClinicService = (input: ClinicServiceInput) =>
  apiFetch<ClinicService>(api.services, { method: 'POST', body: input });

export const updateClinicService = ({ id, input }: { id: string; input: ClinicServiceInput }) =>
  apiFetch<ClinicService>(api.service(id), { method: 'PUT', body: input });

/** Answers 409 `IN_USE` once an appointment names the service: deactivate it instead. */
export const deleteClinicService = (id: string) => apiFetch<void>(api.service(id), { method: 'DELETE' });

/** A change refreshes the catalogue before the screen follows. */
function useCatalogueChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clinicServiceKeys.all }),
  });
}

export const useCreateClinicService = () => useCatalogueChange(createClinicService);
export const useUpdateClinicService = () => useCatalogueChange(updateClinicService);
export const useDeleteClinicService = () => useCatalogueChange(deleteClinicService);
