import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Doctor, DoctorCreateInput } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';
import { storeDoctor } from '../../../api/doctors';

/** Creates the doctor's account; the server e-mails an invitation to choose a password. 409 `EMAIL_IN_USE`. */
export const createDoctor = (input: DoctorCreateInput) =>
  apiFetch<Doctor>(api.doctors, { method: 'POST', body: input });

export function useCreateDoctor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDoctor, onSuccess: (doctor) => storeDoctor(queryClient, doctor) });
}
