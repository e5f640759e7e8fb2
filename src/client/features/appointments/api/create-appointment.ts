import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Appointment, StaffBookingInput } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { showDeskNotices } from '../utils/desk-notices';
import { invalidateAppointments } from './keys';

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
    // A patient without e-mail is not told by the server: the desk is, with the call task it got.
    onSuccess: (appointment) => showDeskNotices(appointment.notices),
    // A booking takes a free slot, and a refused one means the free slots shown were stale.
    onSettled: () => invalidateAppointments(queryClient),
  });
}
