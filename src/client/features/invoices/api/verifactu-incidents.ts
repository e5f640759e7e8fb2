import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { VerifactuIncident } from '../../../../common/schemas/verifactu';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch } from '../../../lib/api-client';

/** GET api.verifactuIncidents: when the AEAT could not be reached, the latest first. */
export const getVerifactuIncidents = (signal?: AbortSignal) =>
  apiFetch<{ incidents: VerifactuIncident[] }>(api.verifactuIncidents, { signal }).then((answer) => answer.incidents);

export const useVerifactuIncidents = () =>
  useQuery({
    queryKey: [...invoiceKeys.all, 'verifactu-incidents'],
    queryFn: ({ signal }) => getVerifactuIncidents(signal),
  });
