import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import { apiFetch } from '../../../lib/api-client';
import { treatmentsRootKey } from './keys';

/** Makes an appointment a session of one of the doctor's treatments of that patient, or of none (null). */
export const linkAppointmentTreatment = ({ appointmentId, treatmentId }: { appointmentId: string; treatmentId: string | null }) =>
  apiFetch<{ appointmentId: string; treatmentId: string | null }>(api.appointmentTreatment(appointmentId), { method: 'PUT', body: { treatmentId } });

export function useLinkAppointmentTreatment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: linkAppointmentTreatment, onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentsRootKey }) });
}
