import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { Availability } from '../../common/schemas/appointments';
import { apiFetch, toQueryString } from '../lib/api-client';

/** One professional's slots (`doctorId`) or those of every professional of a specialty (`specialtyId`). */
export interface AvailabilityQuery {
  doctorId?: string;
  specialtyId?: string;
  /** The slots of a service's length, of the professionals who perform it. */
  serviceId?: string;
  /** Clinic-zone days «AAAA-MM-DD», both included. */
  from: string;
  to: string;
  /** The desk also gets the slots held for the waiting list, marked with `heldUntil` (`conRetenidas`). */
  withHeld?: boolean;
}

/**
 * Every availability query (the public booking page, the patient's «Pedir cita», the desk's form and
 * free times) lives under one key: a booking, a change or a cancellation anywhere refreshes them all.
 */
export const availabilityKeys = {
  all: ['availability'] as const,
  list: (query: AvailabilityQuery) => [...availabilityKeys.all, query] as const,
};

/**
 * Free times read elsewhere than a doctor's or specialty's slots: moving an appointment asks those of its own
 * length (its service's). `key` goes under the availability key, so any booking or change refreshes them.
 */
export interface SlotSource {
  key: readonly string[];
  fetch: (range: { from: string; to: string }, signal?: AbortSignal) => Promise<Availability>;
}

/** The free slots: working hours minus absences and appointments, within the booking horizon and minimum notice. */
export const getAvailability = (
  { doctorId, specialtyId, serviceId, from, to, withHeld }: AvailabilityQuery,
  signal?: AbortSignal,
) =>
  apiFetch<Availability>(
    `${api.public.availability}${toQueryString({ doctorId, specialtyId, serviceId, from, to, conRetenidas: withHeld ? '1' : undefined })}`,
    { signal },
  );

export const getAvailabilityQueryOptions = (query: AvailabilityQuery, source?: SlotSource) =>
  queryOptions({
    queryKey: source ? [...availabilityKeys.all, ...source.key, query.from, query.to] : availabilityKeys.list(query),
    queryFn: ({ signal }) => (source ? source.fetch(query, signal) : getAvailability(query, signal)),
    // Free slots go fast: never trust what is more than half a minute old.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

/** `null` (or `enabled: false`) waits: nothing is asked until the screen knows what to ask. */
export const useAvailability = (
  query: AvailabilityQuery | null,
  { enabled = true, source }: { enabled?: boolean; source?: SlotSource } = {},
) =>
  useQuery({
    ...getAvailabilityQueryOptions(query ?? { from: '', to: '' }, source),
    enabled: enabled && Boolean(query),
  });

/** After anything that takes or frees a slot. */
export const invalidateAvailability = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
