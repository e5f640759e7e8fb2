import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ClinicalNote, NoteDraftInput } from '../../../../common/schemas/clinical-notes';
import { apiFetch } from '../../../lib/api-client';
import { appointmentNoteKey, notesRootKey } from './keys';

/** Creates or updates the draft. 409 `CONFLICT` (Spanish) once the note is signed. */
export const saveNoteDraft = ({ appointmentId, draft }: { appointmentId: string; draft: NoteDraftInput }) =>
  apiFetch<ClinicalNote>(api.appointmentNote(appointmentId), { method: 'PUT', body: draft });

export function useSaveNoteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNoteDraft,
    // The editor keeps what is typed; the cache takes the saved note without refetching it.
    onSuccess: (note) => {
      queryClient.setQueryData(appointmentNoteKey(note.appointmentId), { note });
      void queryClient.invalidateQueries({ queryKey: [...notesRootKey, 'pending'] });
    },
  });
}
