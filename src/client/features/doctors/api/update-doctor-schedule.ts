import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Doctor, WorkingInterval } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';
import { storeDoctor } from '../../../api/doctors';

/** Replaces the doctor's whole weekly schedule. */
export const updateDoctorSchedule = ({ id, schedule }: { id: string; schedule: WorkingInterval[] }) =>
  apiFetch<Doctor>(api.doctorSchedule(id), { method: 'PUT', body: { schedule } });

export function useUpdateDoctorSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDoctorSchedule, onSuccess: (doctor) => storeDoctor(queryClient, doctor) });
}
