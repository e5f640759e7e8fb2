import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { AddendumInput, ClinicalNote } from '../../../../common/schemas/clinical-notes';
import { apiFetch } from '../../../lib/api-client';
import { notesRootKey } from './keys';

/** Adds an addendum to a signed note (409 while it is a draft). */
export const addAddendum = ({ appointmentId, input }: { appointmentId: string; input: AddendumInput }) =>
  apiFetch<ClinicalNote>(api.appointmentNoteAddenda(appointmentId), { method: 'POST', body: input });

export function useAddAddendum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddendum,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesRootKey }),
  });
}
