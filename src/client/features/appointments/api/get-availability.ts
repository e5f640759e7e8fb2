import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Availability } from '../../../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

export interface AvailabilityQuery {
  /** One doctor, or every doctor of a specialty. */
  doctorId?: string;
  specialtyId?: string;
  /** Clinic-zone days «AAAA-MM-DD», both included. */
  from: string;
  to: string;
}

/**
 * The free slots of a doctor (working hours minus absences and appointments, within the booking
 * horizon and minimum notice). Under the appointments key: any booking or change refreshes it.
 */
export const getAvailability = (query: AvailabilityQuery, signal?: AbortSignal) =>
  apiFetch<Availability>(`${api.public.availability}${toQueryString({ ...query })}`, { signal });

export const getAvailabilityQueryOptions = (query: AvailabilityQuery) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'availability', query],
    queryFn: ({ signal }) => getAvailability(query, signal),
  });

export const useAvailability = (query: AvailabilityQuery | null) =>
  useQuery({ ...getAvailabilityQueryOptions(query ?? { from: '', to: '' }), enabled: Boolean(query) });
