import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { Specialty } from '../../common/schemas/doctors';
import { apiFetch } from '../lib/api-client';

export const specialtyKeys = { all: ['specialties'] as const };

export const getSpecialties = (signal?: AbortSignal) => apiFetch<Specialty[]>(api.specialties, { signal });

export const getSpecialtiesQueryOptions = () =>
  queryOptions({ queryKey: specialtyKeys.all, queryFn: ({ signal }) => getSpecialties(signal) });

export const useSpecialties = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getSpecialtiesQueryOptions(), enabled });

export const createSpecialty = (name: string) =>
  apiFetch<Specialty>(api.specialties, { method: 'POST', body: { name } });

/** Renames a specialty; `forMinors` also marks it as for minors (Pediatría) or not. */
export const renameSpecialty = ({ id, name, forMinors }: { id: string; name: string; forMinors?: boolean }) =>
  apiFetch<Specialty>(api.specialty(id), { method: 'PATCH', body: { name, forMinors } });

/** Answers 409 `IN_USE` while some doctor has this specialty. */
export const deleteSpecialty = (id: string) => apiFetch<void>(api.specialty(id), { method: 'DELETE' });

/** A change refreshes the list first, then lets the screen follow (`onSuccess`). */
function useSpecialtyChange<Input, Output>(
  change: (input: Input) => Promise<Output>,
  onSuccess?: (output: Output) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (output) => {
      await queryClient.invalidateQueries({ queryKey: specialtyKeys.all });
      onSuccess?.(output);
    },
  });
}

export const useCreateSpecialty = ({ onSuccess }: { onSuccess?: (specialty: Specialty) => void } = {}) =>
  useSpecialtyChange(createSpecialty, onSuccess);

export const useRenameSpecialty = ({ onSuccess }: { onSuccess?: (specialty: Specialty) => void } = {}) =>
  useSpecialtyChange(renameSpecialty, onSuccess);

export const useDeleteSpecialty = ({ onSuccess }: { onSuccess?: () => void } = {}) =>
  useSpecialtyChange(deleteSpecialty, onSuccess);
