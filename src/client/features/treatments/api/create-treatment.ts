import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Treatment, TreatmentCreate } from '../../../../common/schemas/treatments';
import { apiFetch } from '../../../lib/api-client';
import { treatmentsRootKey } from './keys';

export const createTreatment = (input: TreatmentCreate) => apiFetch<Treatment>(api.treatments, { method: 'POST', body: input });

export function useCreateTreatment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTreatment, onSuccess: () => queryClient.invalidateQueries({ queryKey: treatmentsRootKey }) });
}
