import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { SwitchToProductionInput, VerifactuMode } from '../../../../common/schemas/verifactu';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch } from '../../../lib/api-client';

/** Under the invoices' keys: an issue (a record of an incident) or the switch refreshes it with the rest. */
export const verifactuModeKey = [...invoiceKeys.all, 'verifactu-mode'] as const;

/** GET api.verifactuMode: the billing mode, the certificate, whether records can be sent and why not. */
export const getVerifactuMode = (signal?: AbortSignal) => apiFetch<VerifactuMode>(api.verifactuMode, { signal });

export const useVerifactuMode = () =>
  useQuery({ queryKey: verifactuModeKey, queryFn: ({ signal }) => getVerifactuMode(signal), staleTime: 30_000 });

/** POST api.verifactuMode: the admin's switch to producción; everything billing shows is read again. */
export const switchToProduction = (input: SwitchToProductionInput) =>
  apiFetch<VerifactuMode>(api.verifactuMode, { method: 'POST', body: input });

export const useSwitchToProduction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchToProduction,
    onSuccess: (mode) => {
      queryClient.setQueryData(verifactuModeKey, mode);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
};
