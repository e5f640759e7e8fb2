import type { Visibility } from './visibility';

/** What one request may do with the clinical note of one appointment. */
export type NoteAccess = 'write' | 'read' | 'none';

/**
 * A clinical note belongs to its author, not to whoever holds the appointment now: she reads and writes
 * it (draft, signature, addenda, the patient's summary) even after the appointment was moved to another
 * doctor, and that other doctor reaches none of it — as the chart, which lists notes by author, already
 * shows. An appointment with no note yet is written by its doctor. Admins read every note and write none.
 */
export function noteAccessOf(
  visibility: Visibility,
  appointment: { doctorId: string },
  note: { doctorId: string } | undefined,
): NoteAccess {
  if (visibility.kind === 'all') return 'read';
  if (visibility.kind !== 'doctor') return 'none';
  const owner = note ? note.doctorId : appointment.doctorId;
  return owner === visibility.doctorId ? 'write' : 'none';
}
