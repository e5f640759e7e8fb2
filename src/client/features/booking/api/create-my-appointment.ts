import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { MyBookingInput, OwnAppointment } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { refreshMyAppointments } from './get-my-appointments';

/** A signed-in paciente books for themself. 409 `SLOT_TAKEN` carries fresh slots like the public booking. */
export const createMyAppointment = (input: MyBookingInput) =>
  apiFetch<OwnAppointment>(api.myAppointments, { method: 'POST', body: input });

export function useCreateMyAppointment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMyAppointment, onSettled: () => refreshMyAppointments(queryClient) });
}
