import type { ClinicalNote } from '../../../common/schemas/clinical-notes';
import type { ClinicalNoteView } from './repository';

export function presentNote(note: ClinicalNoteView): ClinicalNote {
  return {
    id: note.id,
    appointmentId: note.appointmentId,
    patientId: note.patientId,
    doctorId: note.doctorId,
    doctorName: note.doctorName,
    reason: note.reason,
    examination: note.examination,
    diagnosis: note.diagnosis,
    diagnosisCode: note.diagnosisCode,
    plan: note.plan,
    patientSummary: note.patientSummary,
    summarySharedAt: note.summarySharedAt?.toISOString() ?? null,
    signedAt: note.signedAt?.toISOString() ?? null,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    addenda: note.addenda.map((addendum) => ({
      id: addendum.id,
      text: addendum.text,
      authorName: addendum.authorName,
      createdAt: addendum.createdAt.toISOString(),
    })),
  };
}
