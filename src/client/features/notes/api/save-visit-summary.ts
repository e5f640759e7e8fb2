import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ClinicalNote, VisitSummaryInput } from '../../../../common/schemas/clinical-notes';
import { apiFetch } from '../../../lib/api-client';
import { appointmentNoteKey } from './keys';

/** Writes the «Resumen para el paciente» and shares or withdraws it. */
export const saveVisitSummary = ({ appointmentId, input }: { appointmentId: string; input: VisitSummaryInput }) =>
  apiFetch<ClinicalNote>(api.appointmentNoteSummary(appointmentId), { method: 'PUT', body: input });

export function useSaveVisitSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitSummary,
    onSuccess: (note) => queryClient.setQueryData(appointmentNoteKey(note.appointmentId), { note }),
  });
}
