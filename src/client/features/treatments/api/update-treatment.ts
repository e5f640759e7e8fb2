import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Treatment, TreatmentUpdate } from '../../../../common/schemas/treatments';
import { apiFetch } from '../../../lib/api-client';
import { treatmentsRootKey } from './keys';

/** Edits fields or changes the status (activo, finalizado, suspendido). */
export const updateTreatment = ({ id, changes }: { id: string; changes: TreatmentUpdate }) =>
  apiFetch<Treatment>(api.treatment(id), { method: 'PATCH', body: changes });

export function useUpdateTreatment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTreatment, onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentsRootKey }) });
}
