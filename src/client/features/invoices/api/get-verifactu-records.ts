import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { RecordList } from '../../../../common/schemas/verifactu-records';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** GET api.verifactuRecords: a page of the records, the newest first, each with its invoice and how it was sent. */
export const getVerifactuRecords = (page: number, signal?: AbortSignal) =>
  apiFetch<RecordList>(`${api.verifactuRecords}${toQueryString({ pagina: page })}`, { signal });

/** Under the chain's key: an issue, a cancellation or a resend asks for the records again. */
export const useVerifactuRecords = (page: number) =>
  useQuery({
    queryKey: [...invoiceKeys.chain, 'records', page],
    queryFn: ({ signal }) => getVerifactuRecords(page, signal),
    placeholderData: keepPreviousData,
  });
