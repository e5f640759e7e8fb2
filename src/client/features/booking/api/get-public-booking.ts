import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import type { LinkedBooking } from '../../../../common/schemas/confirmations';
import { apiFetch, toQueryString } from '../../../lib/api-client';

/**
 * A booking through the secret link of its e-mails and reminder, with what the reminder asks (answers, forms); 404
 * with a Spanish message when unknown.
 */
export const getPublicBooking = (token: string, access?: string, signal?: AbortSignal) =>
  apiFetch<LinkedBooking>(`${api.public.booking(token)}${toQueryString({ acceso: access })}`, { signal });

/** `access`: the proof the reminder's link carries (`?acceso=`), which shows the visit's form links (decision 0127). */
export const getPublicBookingQueryOptions = (token: string, access?: string) =>
  queryOptions({
    queryKey: ['public', 'booking', token, access ?? null],
    queryFn: ({ signal }) => getPublicBooking(token, access, signal),
  });

export const usePublicBooking = (token: string, access?: string) =>
  useQuery(getPublicBookingQueryOptions(token, access));

/** Every query of the booking's page (with or without the proof): what a change invalidates. */
export const publicBookingKey = (token: string) => ['public', 'booking', token] as const;

/**
 * After a change (a move, a cancellation), the answer of the server is what the page shows; what the reminder asks
 * stays, but a visit no longer live takes no answer.
 */
export function storePublicBooking(queryClient: QueryClient, token: string, appointment: OwnAppointment) {
  const live = appointment.status === 'pendiente' || appointment.status === 'confirmada';
  queryClient.setQueriesData<LinkedBooking>(
    { queryKey: publicBookingKey(token) },
    (previous) => previous && { ...previous, ...appointment, canAnswer: previous.canAnswer && live },
  );
}
