import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { MyDoctorBioInput, MyDoctorCard } from '../../../../common/schemas/my-doctor-card';
import { apiFetch } from '../../../lib/api-client';
import { getMyDoctorCardQueryOptions } from './get-my-doctor-card';

/** PATCH api.myDoctorCard: the doctor's own presentation, the one patients read when booking. */
export const updateMyBio = (input: MyDoctorBioInput) =>
  apiFetch<MyDoctorCard>(api.myDoctorCard, { method: 'PATCH', body: input });

export function useUpdateMyBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyBio,
    onSuccess: (card) => queryClient.setQueryData(getMyDoctorCardQueryOptions().queryKey, card),
  });
}
