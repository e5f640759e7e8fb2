import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { availabilityKeys } from '../../../api/availability';
import { publicBookingKey, storePublicBooking } from './get-public-booking';

/** 409 `CHANGE_WINDOW_CLOSED` when it is too late to cancel online. */
export const cancelPublicBooking = ({ token, reason }: { token: string; reason: string }) =>
  apiFetch<OwnAppointment>(api.public.cancelBooking(token), { method: 'POST', body: { reason } });

export function useCancelPublicBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPublicBooking,
    onSuccess: async (appointment, { token }) => {
      storePublicBooking(queryClient, token, appointment);
      await queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    },
    onError: async (error, { token }) => {
      if (error instanceof ApiError && error.code === 'CHANGE_WINDOW_CLOSED') {
        await queryClient.invalidateQueries({ queryKey: publicBookingKey(token) });
      }
    },
  });
}
