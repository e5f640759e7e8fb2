import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ClinicalNote } from '../../../../common/schemas/clinical-notes';
import { apiFetch } from '../../../lib/api-client';
import { notesRootKey } from './keys';

/** Signs the draft: 400 naming the fields a signature needs, 409 if already signed. */
export const signNote = (appointmentId: string) =>
  apiFetch<ClinicalNote>(api.signAppointmentNote(appointmentId), { method: 'POST' });

export function useSignNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signNote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesRootKey }),
  });
}
