import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import { apiFetch } from '../../../lib/api-client';
import { getSpecialtiesQueryOptions } from './get-specialties';

/** Answers 409 `IN_USE` while some doctor has this specialty. */
export const deleteSpecialty = (id: string) => apiFetch<void>(api.specialty(id), { method: 'DELETE' });

export function useDeleteSpecialty({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSpecialty,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getSpecialtiesQueryOptions().queryKey });
      onSuccess?.();
    },
  });
}
