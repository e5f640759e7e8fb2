import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Availability } from '../../../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { availabilityKeys } from '../../../api/availability';

export interface AppointmentAvailabilityQuery {
  /** Clinic-zone days «AAAA-MM-DD», both included. */
  from: string;
  to: string;
  /** Any doctor of the appointment's specialty who performs its service, not only its own. */
  anyDoctor?: boolean;
}

/**
 * «Cambiar fecha u hora»: the free times an appointment may be moved to, of its own length (its service's),
 * with the slots held for the waiting list marked.
 */
export const getAppointmentAvailability = (
  id: string,
  { from, to, anyDoctor }: AppointmentAvailabilityQuery,
  signal?: AbortSignal,
) =>
  apiFetch<Availability>(
    `${api.appointmentAvailability(id)}${toQueryString({ from, to, cualquiera: anyDoctor ? '1' : undefined })}`,
    { signal },
  );

export const getAppointmentAvailabilityQueryOptions = (id: string, query: AppointmentAvailabilityQuery) =>
  queryOptions({
    queryKey: [...availabilityKeys.all, 'appointment', id, query] as const,
    queryFn: ({ signal }) => getAppointmentAvailability(id, query, signal),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export const useAppointmentAvailability = (id: string, query: AppointmentAvailabilityQuery) =>
  useQuery(getAppointmentAvailabilityQueryOptions(id, query));
