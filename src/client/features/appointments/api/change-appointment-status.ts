import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Appointment, StatusChangeInput } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { showDeskNotices } from '../utils/desk-notices';
import { invalidateAppointments } from './keys';

/** 409 `INVALID_TRANSITION` (Spanish message) when the appointment no longer admits that change. */
export const changeAppointmentStatus = ({ id, change }: { id: string; change: StatusChangeInput }) =>
  apiFetch<Appointment>(api.appointmentStatus(id), { method: 'POST', body: change });

export function useChangeAppointmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAppointmentStatus,
    // A patient without e-mail is not told by the server: the desk is, with the call task it got.
    onSuccess: (appointment) => showDeskNotices(appointment.notices),
    onSettled: () => invalidateAppointments(queryClient),
  });
}
