import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { PatientAnswer, ReminderAnswerResult } from '../../../../common/schemas/confirmations';
import { apiFetch } from '../../../lib/api-client';
import { availabilityKeys } from '../../../api/availability';
import { publicBookingKey } from './get-public-booking';

/** The patient's answer to the reminder: 404 for a bad link, 409 when the appointment no longer takes one. */
export const answerPublicBooking = ({ token, answer }: { token: string; answer: PatientAnswer }) =>
  apiFetch<ReminderAnswerResult>(api.public.answerBooking(token), { method: 'POST', body: { answer } });

export function useAnswerPublicBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerPublicBooking,
    onSettled: async (_result, _error, { token }) => {
      await queryClient.invalidateQueries({ queryKey: publicBookingKey(token) });
      await queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
}
