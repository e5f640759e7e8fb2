import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Appointment, AppointmentUpdateInput } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { showDeskNotices } from '../utils/desk-notices';
import { invalidateAppointments } from './keys';

/**
 * Moves or changes an appointment. 409 `SLOT_TAKEN` when it would overlap another of the doctor;
 * 422 `OUTSIDE_HOURS` when outside the doctor's hours, unless `allowOutsideHours` is set.
 */
export const updateAppointment = ({ id, changes }: { id: string; changes: AppointmentUpdateInput }) =>
  apiFetch<Appointment>(api.appointment(id), { method: 'PATCH', body: changes });

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointment,
    // A patient without e-mail is not told by the server: the desk is, with the call task it got.
    onSuccess: (appointment) => showDeskNotices(appointment.notices),
    onSettled: () => invalidateAppointments(queryClient),
  });
}
