import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Appointment, StaffBookingInput } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

/**
 * Staff book for any patient. 409 `SLOT_TAKEN` when the time was taken meanwhile; 422 `OUTSIDE_HOURS`
 * when outside the doctor's hours or during an absence, unless `allowOutsideHours` is set.
 */
export const createAppointment = (input: StaffBookingInput) =>
  apiFetch<Appointment>(api.appointments, { method: 'POST', body: input });

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    // A booking takes a free slot, and a refused one means the free slots shown were stale: availability
    // lives under the same key.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsRootKey }),
  });
}
