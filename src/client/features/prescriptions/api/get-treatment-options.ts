import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Treatment } from '../../../../common/schemas/treatments';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** The doctor's treatments of one patient, to link a new prescription to. */
export const getTreatmentOptions = (patientId: string, signal?: AbortSignal) =>
  apiFetch<Treatment[]>(`${api.treatments}${toQueryString({ patientId })}`, { signal });

export const getTreatmentOptionsQueryOptions = (patientId: string) =>
  queryOptions({ queryKey: ['treatments', 'options', patientId], queryFn: ({ signal }) => getTreatmentOptions(patientId, signal) });

export const useTreatmentOptions = (patientId: string | null) =>
  useQuery({ ...getTreatmentOptionsQueryOptions(patientId ?? ''), enabled: Boolean(patientId) });
