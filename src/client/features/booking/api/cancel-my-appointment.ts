import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { refreshMyAppointments } from './get-my-appointments';

/** 409 `CHANGE_WINDOW_CLOSED` when it is too late to cancel online. */
export const cancelMyAppointment = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<OwnAppointment>(api.cancelMyAppointment(id), { method: 'POST', body: { reason } });

export function useCancelMyAppointment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelMyAppointment, onSettled: () => refreshMyAppointments(queryClient) });
}
