import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { OwnAppointment, RescheduleInput } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { refreshMyAppointments } from './get-my-appointments';

/** 409 `SLOT_TAKEN` with fresh slots, or 409 `CHANGE_WINDOW_CLOSED` when it is too late to change online. */
export const rescheduleMyAppointment = ({ id, ...input }: RescheduleInput & { id: string }) =>
  apiFetch<OwnAppointment>(api.rescheduleMyAppointment(id), { method: 'POST', body: input });

export function useRescheduleMyAppointment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rescheduleMyAppointment, onSettled: () => refreshMyAppointments(queryClient) });
}
