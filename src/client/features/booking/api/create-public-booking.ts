import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { BookingConfirmation, PublicBookingInput } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { availabilityKeys } from '../../../api/availability';

/**
 * A visitor books (a signed-in paciente may too; the server links it). 409 `SLOT_TAKEN` carries fresh
 * slots of the same professional (see `slotTakenOf`), 400 `VALIDATION` field messages, 429 a rate limit.
 */
export const createPublicBooking = (input: PublicBookingInput) =>
  apiFetch<BookingConfirmation>(api.public.bookings, { method: 'POST', body: input });

export function useCreatePublicBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPublicBooking,
    // Booked or lost to someone else: either way the slots shown are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
