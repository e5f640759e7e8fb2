import { z } from 'zod';
import { absenceSchema, doctorFieldsSchema, workingIntervalSchema } from './doctors';

/** What a doctor changes of her own professional card: only her presentation (bio). */
export const myDoctorBioSchema = z.strictObject({ bio: doctorFieldsSchema.shape.bio });
export type MyDoctorBioInput = z.input<typeof myDoctorBioSchema>;

/** Her own card as she sees it: the clinic manages everything but the bio. */
export const myDoctorCardSchema = z.object({
  displayName: z.string(),
  specialty: z.string(),
  licenseNumber: z.string(),
  color: z.string(),
  appointmentMinutes: z.number(),
  bio: z.string(),
  schedule: z.array(workingIntervalSchema),
  /** Absences that have not ended yet (clinic's today included), soonest first. */
  upcomingAbsences: z.array(absenceSchema),
});
export type MyDoctorCard = z.infer<typeof myDoctorCardSchema>;

export const BIO_MAX_LENGTH = 1500;
