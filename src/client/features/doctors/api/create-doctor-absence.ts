import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { AbsenceInput, Doctor } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';
import { storeDoctor } from '../../../api/doctors';

export const createDoctorAbsence = ({ doctorId, absence }: { doctorId: string; absence: AbsenceInput }) =>
  apiFetch<Doctor>(api.doctorAbsences(doctorId), { method: 'POST', body: absence });

export function useCreateDoctorAbsence() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDoctorAbsence, onSuccess: (doctor) => storeDoctor(queryClient, doctor) });
}
