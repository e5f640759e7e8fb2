import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Specialty } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';
import { getSpecialtiesQueryOptions } from './get-specialties';

export const createSpecialty = (name: string) =>
  apiFetch<Specialty>(api.specialties, { method: 'POST', body: { name } });

export function useCreateSpecialty({ onSuccess }: { onSuccess?: (specialty: Specialty) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSpecialty,
    onSuccess: async (specialty) => {
      await queryClient.invalidateQueries({ queryKey: getSpecialtiesQueryOptions().queryKey });
      onSuccess?.(specialty);
    },
  });
}
