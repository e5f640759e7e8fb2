import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Availability } from '../../../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/** The prefix of every availability query: invalidating it refreshes every open slot picker. */
export const availabilityKey = ['public', 'availability'] as const;

/** One professional's slots (`doctorId`) or those of every professional of a specialty (`specialtyId`), days inclusive. */
export interface AvailabilityParams {
  doctorId?: string;
  specialtyId?: string;
  /** `YYYY-MM-DD`, in the clinic's zone. */
  from: string;
  to: string;
}

export const getAvailability = ({ doctorId, specialtyId, from, to }: AvailabilityParams, signal?: AbortSignal) =>
  apiFetch<Availability>(`${api.public.availability}${toQueryString({ doctorId, specialtyId, from, to })}`, { signal });

export const getAvailabilityQueryOptions = (params: AvailabilityParams) =>
  queryOptions({
    queryKey: [...availabilityKey, params],
    queryFn: ({ signal }) => getAvailability(params, signal),
    // Free slots go fast: never trust what is more than half a minute old.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export const useAvailability = (params: AvailabilityParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getAvailabilityQueryOptions(params), enabled });
