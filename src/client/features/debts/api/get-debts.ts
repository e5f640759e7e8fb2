import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Debts } from '../../../../common/schemas/debts';
import { invoiceKeys } from '../../../api/invoices';
import { apiFetch } from '../../../lib/api-client';

/** GET api.debts: what each patient owes on the clinic's today, by the age of her invoices. */
export const getDebts = (signal?: AbortSignal) => apiFetch<Debts>(api.debts, { signal });

/** Under the invoices' key: an issue, a payment or a refund asks for it again. */
export const useDebts = () =>
  useQuery({ queryKey: [...invoiceKeys.all, 'debts'], queryFn: ({ signal }) => getDebts(signal) });
