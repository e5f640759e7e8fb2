import { z } from 'zod';

/** A private prescription is valid for 10 calendar days from its date (RD 1718/2010, art. 5.5). */
export const PRESCRIPTION_VALIDITY_DAYS = 10;

/** What the database stores: a prescription is written `activa` and may be cancelled (`anulada`). */
export const PRESCRIPTION_STATUSES = ['activa', 'anulada'] as const;
export type StoredPrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];
/**
 * What every screen, list filter and document shows: `caducada` is an `activa` one past its last valid
 * day by the clinic's clock, computed on the server (never stored, never decided by the browser).
 */
export const PRESCRIPTION_SHOWN_STATUSES = ['activa', 'caducada', 'anulada'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_SHOWN_STATUSES)[number];
export const PRESCRIPTION_STATUS_LABELS: Record<PrescriptionStatus, string> = {
  activa: 'Activa',
  caducada: 'Caducada',
  anulada: 'Anulada',
};

/** Medicines one prescription may carry (the PDF stays on one or two A4 pages). */
export const MAX_MEDICINES = 10;

const required = (max: number, missing: string, label: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `${label}: como máximo ${max} caracteres`);

const day = (message: string) =>
  z.iso
    .date({ error: message })
    .refine((value) => value >= '1900-01-01' && value < '3000-01-01', 'Indica una fecha entre los años 1900 y 2999');

/** One medicine and its posology, as the doctor writes it. */
export const medicineSchema = z.strictObject({
  /** Name, strength and pharmaceutical form: «Ibuprofeno 600 mg comprimidos». */
  medicine: required(200, 'Escribe el medicamento (nombre, dosis y forma)', 'Medicamento'),
  dose: required(100, 'Escribe la dosis', 'Dosis'),
  route: required(60, 'Escribe la vía de administración', 'Vía'),
  frequency: required(100, 'Escribe la frecuencia', 'Frecuencia'),
  duration: required(100, 'Escribe la duración del tratamiento', 'Duración'),
  quantity: required(100, 'Escribe el número de envases o unidades', 'Envases o unidades'),
  instructions: z.string().trim().max(1000, 'Instrucciones: como máximo 1000 caracteres').default(''),
});
export type Medicine = z.infer<typeof medicineSchema>;

export const prescriptionCreateSchema = z.strictObject({
  patientId: z.uuid({ error: 'Elige el paciente' }),
  prescribedOn: day('Escribe la fecha de la receta como AAAA-MM-DD'),
  diagnosis: required(1000, 'Escribe el diagnóstico', 'Diagnóstico'),
  medicines: z
    .array(medicineSchema, { error: 'Añade al menos un medicamento' })
    .min(1, 'Añade al menos un medicamento')
    .max(MAX_MEDICINES, `Una receta lleva como máximo ${MAX_MEDICINES} medicamentos`),
  treatmentId: z.uuid({ error: 'Tratamiento no válido' }).nullable().default(null),
  /**
   * Why the doctor prescribes despite a recorded allergy (or a cross-reactivity) the form warned about:
   * required when there is one, refused otherwise by the server (409 ALLERGY_CONFLICT).
   */
  allergyOverrideReason: z
    .string()
    .trim()
    .max(500, 'Motivo: como máximo 500 caracteres')
    .nullable()
    .default(null)
    .transform((value) => value || null),
});
export type PrescriptionCreate = z.input<typeof prescriptionCreateSchema>;

export const prescriptionCancelSchema = z.strictObject({
  reason: required(500, 'Escribe el motivo de la anulación', 'Motivo'),
});

export const prescriptionListQuerySchema = z
  .strictObject({
    patientId: z.uuid({ error: 'Paciente no válido' }).optional(),
    treatmentId: z.uuid({ error: 'Tratamiento no válido' }).optional(),
    from: day('Escribe la fecha «desde» como AAAA-MM-DD').optional(),
    to: day('Escribe la fecha «hasta» como AAAA-MM-DD').optional(),
    status: z.enum(PRESCRIPTION_SHOWN_STATUSES, { error: 'Estado no válido' }).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'La fecha «hasta» no puede ser anterior a «desde»',
  });
export type PrescriptionListQuery = z.input<typeof prescriptionListQuerySchema>;

/** One allergy conflict acknowledged on a prescription (what `allergyConflicts` of allergies.ts found). */
export const prescriptionAllergyConflictSchema = z.object({
  medicine: z.string(),
  allergy: z.string(),
  kind: z.string(),
  message: z.string(),
});
export type PrescriptionAllergyConflict = z.infer<typeof prescriptionAllergyConflictSchema>;

export const prescriptionSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  treatmentId: z.string().nullable(),
  treatmentTitle: z.string().nullable(),
  prescribedOn: z.string(),
  validUntil: z.string(),
  diagnosis: z.string(),
  medicines: z.array(medicineSchema),
  verificationCode: z.string(),
  status: z.enum(PRESCRIPTION_SHOWN_STATUSES),
  /** The allergy conflicts the doctor acknowledged, and why; empty and null when there were none. */
  allergyConflicts: z.array(prescriptionAllergyConflictSchema),
  allergyOverrideReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const prescriptionListSchema = z.object({
  items: z.array(prescriptionSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PrescriptionList = z.infer<typeof prescriptionListSchema>;

/** The doctor's recent medicines, each with the posology last written for it. */
export const recentMedicinesSchema = z.array(medicineSchema);

/** `YYYY-MM-DD` plus whole days (calendar arithmetic, no time zone involved). */
export function addCalendarDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The last day a prescription may be dispensed: 10 days counted from its date, that day included. */
export const validUntilOf = (prescribedOn: string) => addCalendarDays(prescribedOn, PRESCRIPTION_VALIDITY_DAYS - 1);

/** The status shown: an `activa` prescription whose last valid day is before the clinic's `today` is `caducada`. */
export const shownPrescriptionStatus = (
  stored: StoredPrescriptionStatus,
  prescribedOn: string,
  today: string,
): PrescriptionStatus => (stored === 'activa' && validUntilOf(prescribedOn) < today ? 'caducada' : stored);
