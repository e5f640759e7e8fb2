import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../../common/paths';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';

/** Specialties and the professionals who take online bookings, the clinic's zone and booking horizon. */
export const getBookingOptions = (signal?: AbortSignal) =>
  apiFetch<BookingOptions>(publicApi.bookingOptions, { signal });

export const getBookingOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'booking-options'],
    queryFn: ({ signal }) => getBookingOptions(signal),
    staleTime: 5 * 60_000,
  });

export const useBookingOptions = () => useQuery(getBookingOptionsQueryOptions());
