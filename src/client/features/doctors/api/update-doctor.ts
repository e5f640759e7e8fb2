import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Doctor, DoctorUpdateInput } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';
import { storeDoctor } from '../../../api/doctors';

export const updateDoctor = ({ id, changes }: { id: string; changes: DoctorUpdateInput }) =>
  apiFetch<Doctor>(api.doctor(id), { method: 'PATCH', body: changes });

export function useUpdateDoctor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDoctor, onSuccess: (doctor) => storeDoctor(queryClient, doctor) });
}
