import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type {
  CorrectionInput,
  CorrectionResult,
  CorrectionView,
} from '../../../../common/schemas/verifactu-corrections';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch } from '../../../lib/api-client';

/** GET api.verifactuRecordCorrection: a record waiting «Pendiente de corregir», its error and what may change. */
export const getRecordCorrection = (recordId: number, signal?: AbortSignal) =>
  apiFetch<CorrectionView>(api.verifactuRecordCorrection(recordId), { signal });

export const useRecordCorrection = (recordId: number) =>
  useQuery({
    queryKey: [...invoiceKeys.chain, 'correction', recordId],
    queryFn: ({ signal }) => getRecordCorrection(recordId, signal),
  });

/** POST api.verifactuRecordCorrection: the corrected data, which a new chained record (a subsanación) carries. */
export const correctRecord = (recordId: number, input: CorrectionInput) =>
  apiFetch<CorrectionResult>(api.verifactuRecordCorrection(recordId), { method: 'POST', body: input });

/** The records, the chain's state and the invoices (their PDF and list show the corrected data) are asked again. */
export const useCorrectRecord = (recordId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CorrectionInput) => correctRecord(recordId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
};
