import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';

/** A booking through the secret link of its confirmation e-mail; 404 with a Spanish message when unknown. */
export const getPublicBooking = (token: string, signal?: AbortSignal) =>
  apiFetch<OwnAppointment>(api.public.booking(token), { signal });

export const getPublicBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public', 'booking', token],
    queryFn: ({ signal }) => getPublicBooking(token, signal),
  });

export const usePublicBooking = (token: string) => useQuery(getPublicBookingQueryOptions(token));

/** After a change, the answer of the server is what the page shows. */
export function storePublicBooking(queryClient: QueryClient, token: string, appointment: OwnAppointment) {
  queryClient.setQueryData(getPublicBookingQueryOptions(token).queryKey, appointment);
}
