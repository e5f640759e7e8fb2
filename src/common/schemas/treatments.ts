import { z } from 'zod';
import { oneLineString } from './one-line';

export const TREATMENT_STATUSES = ['activo', 'finalizado', 'suspendido'] as const;
export type TreatmentStatus = (typeof TREATMENT_STATUSES)[number];
export const TREATMENT_STATUS_LABELS: Record<TreatmentStatus, string> = {
  activo: 'Activo',
  finalizado: 'Finalizado',
  suspendido: 'Suspendido',
};
export const TREATMENT_STATUS_COLORS: Record<TreatmentStatus, string> = {
  activo: 'teal',
  finalizado: 'gray',
  suspendido: 'orange',
};

export const MAX_SESSIONS = 500;

const day = (message: string) =>
  z.iso
    .date({ error: message })
    .refine((value) => value >= '1900-01-01' && value < '3000-01-01', 'Indica una fecha entre los años 1900 y 2999');

const treatmentFields = {
  title: oneLineString({ error: 'Escribe el título' })
    .min(1, 'Escribe el título')
    .max(150, 'Título: como máximo 150 caracteres'),
  diagnosis: z.string().trim().max(1000, 'Diagnóstico: como máximo 1000 caracteres').default(''),
  description: z.string().trim().max(5000, 'Descripción: como máximo 5000 caracteres').default(''),
  startDate: day('Escribe la fecha de inicio como AAAA-MM-DD'),
  endDate: day('Escribe la fecha de fin como AAAA-MM-DD').nullable().default(null),
  status: z.enum(TREATMENT_STATUSES, { error: 'Elige el estado: activo, finalizado o suspendido' }).default('activo'),
  sessionsPlanned: z
    .number({ error: 'Indica las sesiones previstas con un número' })
    .int('Las sesiones previstas son un número entero')
    .min(0, 'Las sesiones previstas no pueden ser negativas')
    .max(MAX_SESSIONS, `Como máximo ${MAX_SESSIONS} sesiones`),
};

const endAfterStart = (value: { startDate?: string; endDate?: string | null }) =>
  !value.startDate || !value.endDate || value.endDate >= value.startDate;
const END_BEFORE_START = { path: ['endDate'], message: 'La fecha de fin no puede ser anterior a la de inicio' };

export const treatmentCreateSchema = z
  .strictObject({ patientId: z.uuid({ error: 'Elige el paciente' }), ...treatmentFields })
  .refine(endAfterStart, END_BEFORE_START);
export type TreatmentCreate = z.input<typeof treatmentCreateSchema>;

/** Any of the fields; the dates are checked again against the stored ones. */
export const treatmentUpdateSchema = z
  .strictObject({
    title: treatmentFields.title.optional(),
    diagnosis: z.string().trim().max(1000, 'Diagnóstico: como máximo 1000 caracteres').optional(),
    description: z.string().trim().max(5000, 'Descripción: como máximo 5000 caracteres').optional(),
    startDate: treatmentFields.startDate.optional(),
    endDate: day('Escribe la fecha de fin como AAAA-MM-DD').nullable().optional(),
    status: z.enum(TREATMENT_STATUSES, { error: 'Elige el estado: activo, finalizado o suspendido' }).optional(),
    sessionsPlanned: treatmentFields.sessionsPlanned.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'No hay cambios que guardar')
  .refine(endAfterStart, END_BEFORE_START);
export type TreatmentUpdate = z.input<typeof treatmentUpdateSchema>;

export const treatmentListQuerySchema = z.strictObject({
  patientId: z.uuid({ error: 'Paciente no válido' }).optional(),
  status: z.enum(TREATMENT_STATUSES, { error: 'Estado no válido' }).optional(),
});

/** Links an appointment to one of the doctor's treatments of that patient (null unlinks it). */
export const appointmentTreatmentSchema = z.strictObject({
  treatmentId: z.uuid({ error: 'Tratamiento no válido' }).nullable(),
});

export const linkedPrescriptionSchema = z.object({
  id: z.string(),
  prescribedOn: z.string(),
  /** As shown (`caducada` past its validity by the clinic's clock, computed on the server). */
  status: z.enum(['activa', 'caducada', 'anulada']),
  verificationCode: z.string(),
  medicines: z.array(z.string()),
});

export const treatmentSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  title: z.string(),
  diagnosis: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(TREATMENT_STATUSES),
  sessionsPlanned: z.number(),
  /** Linked appointments the patient attended. */
  sessionsDone: z.number(),
  prescriptions: z.array(linkedPrescriptionSchema),
  /** The linked appointments' ids (the doctor's agenda shows which one is linked). */
  appointmentIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Treatment = z.infer<typeof treatmentSchema>;

export const treatmentListSchema = z.array(treatmentSchema);

export const appointmentTreatmentResultSchema = z.object({
  appointmentId: z.string(),
  treatmentId: z.string().nullable(),
});
