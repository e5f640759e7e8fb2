import { z } from 'zod';

/**
 * «Contexto del paciente»: what a doctor needs in view while consulting — allergies, age, active
 * treatments, current medication and the last signed notes — read through the access policy like the
 * chart (a doctor: her patient, her own treatments, prescriptions and notes).
 */
export const patientContextSchema = z.object({
  patientId: z.string(),
  name: z.string(),
  birthDate: z.string().nullable(),
  /** Whole years at the clinic's today (null without a birth date). */
  age: z.number().nullable(),
  /** As recorded on the chart; empty when none is recorded. */
  allergies: z.string(),
  medicalHistory: z.string(),
  activeTreatments: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      diagnosis: z.string(),
      startDate: z.string(),
      endDate: z.string().nullable(),
      sessionsPlanned: z.number(),
      sessionsDone: z.number(),
      doctorName: z.string(),
    }),
  ),
  /** Each medicine of the active prescriptions still valid on the clinic's today. */
  currentMedication: z.array(
    z.object({
      prescriptionId: z.string(),
      prescribedOn: z.string(),
      validUntil: z.string(),
      medicine: z.string(),
      dose: z.string(),
      frequency: z.string(),
      duration: z.string(),
      doctorName: z.string(),
    }),
  ),
  /** The last signed notes, newest visit first. */
  lastNotes: z.array(
    z.object({
      id: z.string(),
      appointmentId: z.string(),
      /** The visit's start. */
      date: z.string(),
      doctorName: z.string(),
      diagnosis: z.string(),
      diagnosisCode: z.string(),
      /** The plan (or else the reason), cut to a couple of lines. */
      summary: z.string(),
    }),
  ),
  /** The clinic's day the age and the validity were measured on. */
  today: z.string(),
});
export type PatientContext = z.infer<typeof patientContextSchema>;

/** How many signed notes the panel lists. */
export const CONTEXT_NOTES = 3;

/** Whole years between a birth date and a day (both `YYYY-MM-DD`): one's age on that day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** A text cut at a word near `max` characters, with «…» when cut. */
export function shorten(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
