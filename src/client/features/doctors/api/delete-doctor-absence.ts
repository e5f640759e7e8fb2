import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Doctor } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';
import { storeDoctor } from '../../../api/doctors';

export const deleteDoctorAbsence = ({ doctorId, absenceId }: { doctorId: string; absenceId: string }) =>
  apiFetch<Doctor>(api.doctorAbsence(doctorId, absenceId), { method: 'DELETE' });

export function useDeleteDoctorAbsence() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDoctorAbsence, onSuccess: (doctor) => storeDoctor(queryClient, doctor) });
}
