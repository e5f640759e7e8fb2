import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Specialty } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';
import { getSpecialtiesQueryOptions } from './get-specialties';

export const renameSpecialty = ({ id, name }: { id: string; name: string }) =>
  apiFetch<Specialty>(api.specialty(id), { method: 'PATCH', body: { name } });

export function useRenameSpecialty({ onSuccess }: { onSuccess?: (specialty: Specialty) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameSpecialty,
    onSuccess: async (specialty) => {
      await queryClient.invalidateQueries({ queryKey: getSpecialtiesQueryOptions().queryKey });
      onSuccess?.(specialty);
    },
  });
}
