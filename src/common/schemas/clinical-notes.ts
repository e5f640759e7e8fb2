import { z } from 'zod';

const text = (label: string, max: number) =>
  z.string({ error: `${label}: escribe un texto` }).max(max, `${label}: no puede superar los ${max} caracteres`);

/** The clinical text of a consultation note: what a draft saves (every field may still be empty). */
export const noteDraftSchema = z.strictObject({
  reason: text('Motivo de consulta', 4000),
  examination: text('Exploración', 8000),
  diagnosis: text('Diagnóstico', 4000),
  /** A CIE-10 code, optional (free text: the clinic keeps no code list). */
  diagnosisCode: z
    .string({ error: 'Código CIE-10: escribe un texto' })
    .trim()
    .max(20, 'El código CIE-10 no puede superar los 20 caracteres')
    .regex(/^[A-Za-z0-9.\- ]*$/, 'El código CIE-10 solo admite letras, números, puntos y guiones'),
  plan: text('Plan', 8000),
});
export type NoteDraftInput = z.infer<typeof noteDraftSchema>;

/** A signed note needs at least the reason and the diagnosis. */
export const SIGN_REQUIRED_FIELDS = {
  reason: 'Escribe el motivo de consulta antes de firmar',
  diagnosis: 'Escribe el diagnóstico antes de firmar',
} as const;

export const addendumInputSchema = z.strictObject({
  text: z
    .string({ error: 'Escribe el texto de la adenda' })
    .trim()
    .min(1, 'Escribe el texto de la adenda')
    .max(4000, 'La adenda no puede superar los 4000 caracteres'),
});
export type AddendumInput = z.infer<typeof addendumInputSchema>;

/** The visit summary the doctor may share with the patient. */
export const visitSummaryInputSchema = z.strictObject({
  text: z.string({ error: 'Escribe el resumen' }).trim().max(4000, 'El resumen no puede superar los 4000 caracteres'),
  shared: z.boolean({ error: 'Indica si se comparte con el paciente' }),
});
export type VisitSummaryInput = z.infer<typeof visitSummaryInputSchema>;

export const addendumSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type Addendum = z.infer<typeof addendumSchema>;

export const clinicalNoteSchema = z.object({
  id: z.string(),
  appointmentId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  reason: z.string(),
  examination: z.string(),
  diagnosis: z.string(),
  diagnosisCode: z.string(),
  plan: z.string(),
  patientSummary: z.string(),
  summarySharedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  addenda: z.array(addendumSchema),
});
export type ClinicalNote = z.infer<typeof clinicalNoteSchema>;

/** An appointment's note, or null while nobody has written one. */
export const appointmentNoteSchema = z.object({ note: clinicalNoteSchema.nullable() });
export type AppointmentNote = z.infer<typeof appointmentNoteSchema>;

/** «Notas pendientes de firmar»: the doctor's attended appointments without a signed note. */
export const pendingNoteSchema = z.object({
  appointmentId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  startsAt: z.string(),
  /** Whether a draft exists (otherwise nothing was written yet). */
  hasDraft: z.boolean(),
});
export const pendingNotesSchema = z.object({ items: z.array(pendingNoteSchema), total: z.number() });
export type PendingNotes = z.infer<typeof pendingNotesSchema>;

/** A summary shared with the patient, on one of their appointments. */
export const visitSummarySchema = z.object({ appointmentId: z.string(), text: z.string(), sharedAt: z.string() });
export const visitSummariesSchema = z.object({ items: z.array(visitSummarySchema) });
export type VisitSummary = z.infer<typeof visitSummarySchema>;
