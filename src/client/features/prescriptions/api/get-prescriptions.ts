import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { PrescriptionList, PrescriptionStatus } from '../../../../common/schemas/prescriptions';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { prescriptionsRootKey } from './keys';

export interface PrescriptionsQuery {
  patientId?: string;
  /** Calendar days «AAAA-MM-DD», both included. */
  from?: string;
  to?: string;
  status?: PrescriptionStatus;
  page?: number;
  pageSize?: number;
}

/** The prescriptions the user may see: a doctor's own, a patient's own, all for admins. */
export const getPrescriptions = (query: PrescriptionsQuery, signal?: AbortSignal) =>
  apiFetch<PrescriptionList>(`${api.prescriptions}${toQueryString({ ...query })}`, { signal });

export const getPrescriptionsQueryOptions = (query: PrescriptionsQuery) =>
  queryOptions({
    queryKey: [...prescriptionsRootKey, 'list', query],
    queryFn: ({ signal }) => getPrescriptions(query, signal),
    placeholderData: keepPreviousData,
  });

export const usePrescriptions = (query: PrescriptionsQuery) => useQuery(getPrescriptionsQueryOptions(query));
