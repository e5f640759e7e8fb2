import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Treatment, TreatmentStatus } from '../../../../common/schemas/treatments';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { treatmentsRootKey } from './keys';

export interface TreatmentsQuery {
  patientId?: string;
  status?: TreatmentStatus;
}

/** The treatments the user may see (a doctor's own, a patient's own), with sessions and prescriptions. */
export const getTreatments = (query: TreatmentsQuery, signal?: AbortSignal) =>
  apiFetch<Treatment[]>(`${api.treatments}${toQueryString({ ...query })}`, { signal });

export const getTreatmentsQueryOptions = (query: TreatmentsQuery) =>
  queryOptions({ queryKey: [...treatmentsRootKey, 'list', query], queryFn: ({ signal }) => getTreatments(query, signal) });

export const useTreatments = (query: TreatmentsQuery, enabled = true) => useQuery({ ...getTreatmentsQueryOptions(query), enabled });
