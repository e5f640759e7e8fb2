import { z } from 'zod';
import { documentError } from '../identity-document';
import { schemaNowMs } from '../now';

/** Who accompanies a minor: the person who books is the guardian. */
export const GUARDIAN_RELATIONSHIPS = ['madre', 'padre', 'tutor', 'otro'] as const;
export type GuardianRelationship = (typeof GUARDIAN_RELATIONSHIPS)[number];
export const GUARDIAN_RELATIONSHIP_LABELS: Record<GuardianRelationship, string> = {
  madre: 'Madre',
  padre: 'Padre',
  tutor: 'Tutor o tutora legal',
  otro: 'Otro familiar autorizado',
};

/** A DNI, NIE or passport, whichever it looks like; a Spanish message when it is not valid. */
export function guardianDocumentError(raw: string): string | null {
  const value = raw.replace(/[\s.-]/g, '').toUpperCase();
  if (/^\d{8}[A-Z]?$/.test(value)) return documentError('dni', value);
  if (/^[XYZ]\d{7}[A-Z]?$/.test(value)) return documentError('nie', value);
  return documentError('pasaporte', value) ? 'Escribe un DNI, NIE o pasaporte válido (p. ej. 12345678Z)' : null;
}

const YEAR_MS = 365.2425 * 86_400_000;

/** The child and the guardian of a booking in a specialty for minors (Pediatría). */
export const minorDetailsSchema = z.strictObject({
  childFirstName: z
    .string({ error: 'Escribe el nombre del niño o la niña' })
    .trim()
    .min(1, 'Escribe el nombre del niño o la niña')
    .max(80, 'El nombre es demasiado largo'),
  childLastName: z
    .string({ error: 'Escribe los apellidos del niño o la niña' })
    .trim()
    .min(1, 'Escribe los apellidos del niño o la niña')
    .max(120, 'Los apellidos son demasiado largos'),
  childBirthDate: z.iso
    .date({ error: 'Escribe la fecha de nacimiento como AAAA-MM-DD' })
    .refine((value) => Date.parse(value) <= schemaNowMs(), 'La fecha de nacimiento no puede ser futura')
    .refine((value) => Date.parse(value) > schemaNowMs() - 18 * YEAR_MS, 'Esta consulta es para menores de 18 años'),
  guardianRelationship: z.enum(GUARDIAN_RELATIONSHIPS, { error: 'Indica tu relación con el niño o la niña' }),
  guardianDocument: z
    .string({ error: 'Escribe tu DNI, NIE o pasaporte' })
    .trim()
    .min(1, 'Escribe tu DNI, NIE o pasaporte')
    .max(30, 'El documento es demasiado largo')
    .superRefine((value, ctx) => {
      const error = value ? guardianDocumentError(value) : null;
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase()),
});
export type MinorDetailsInput = z.input<typeof minorDetailsSchema>;
export type MinorDetails = z.output<typeof minorDetailsSchema>;

/** What the desk reads of a minor's booking: the child, and who booked and accompanies them. */
export const appointmentMinorSchema = z.object({
  childFirstName: z.string(),
  childLastName: z.string(),
  childBirthDate: z.string(),
  guardianName: z.string(),
  guardianRelationship: z.enum(GUARDIAN_RELATIONSHIPS),
  guardianDocument: z.string(),
});
export type AppointmentMinor = z.infer<typeof appointmentMinorSchema>;

export const MINOR_REQUIRED_MESSAGE =
  'Esta consulta es para menores: escribe los datos del niño o la niña y los tuyos como responsable.';
