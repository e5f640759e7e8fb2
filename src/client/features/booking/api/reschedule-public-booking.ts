import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { OwnAppointment, RescheduleInput } from '../../../../common/schemas/appointments';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { availabilityKeys } from '../../../api/availability';
import { publicBookingKey, storePublicBooking } from './get-public-booking';

/** 409 `SLOT_TAKEN` with fresh slots, or 409 `CHANGE_WINDOW_CLOSED` when it is too late to change online. */
export const reschedulePublicBooking = ({ token, ...input }: RescheduleInput & { token: string }) =>
  apiFetch<OwnAppointment>(api.public.rescheduleBooking(token), { method: 'POST', body: input });

export function useReschedulePublicBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reschedulePublicBooking,
    onSuccess: (appointment, { token }) => storePublicBooking(queryClient, token, appointment),
    onError: async (error, { token }) => {
      if (error instanceof ApiError && error.code === 'CHANGE_WINDOW_CLOSED') {
        await queryClient.invalidateQueries({ queryKey: publicBookingKey(token) });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
