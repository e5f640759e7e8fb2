import { z } from 'zod';
import { TIME_PATTERN, timeToMinutes, WEEKDAY_NAMES } from '../time';
import { displayNameSchema, emailSchema, phoneSchema, photoUrlSchema } from './auth';

export const specialtySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Pediatría and the like: booking asks for the child's name and birth date and the guardian's data. */
  forMinors: z.boolean().optional(),
  doctorCount: z.number(),
});
export type Specialty = z.infer<typeof specialtySchema>;

export const specialtyInputSchema = z.strictObject({
  name: z.string().trim().min(2, 'El nombre de la especialidad debe tener al menos 2 caracteres').max(80),
  forMinors: z.boolean({ error: 'Indica si la especialidad es para menores' }).optional(),
});

const timeSchema = z.string().regex(TIME_PATTERN, 'Escribe la hora como HH:MM (p. ej. 09:30)');

export const workingIntervalSchema = z.object({
  weekday: z.number().int().min(1, 'Día de la semana no válido').max(7, 'Día de la semana no válido'),
  start: timeSchema,
  end: timeSchema,
});
export type WorkingInterval = z.infer<typeof workingIntervalSchema>;

/** A weekly schedule: intervals must end after they start and never overlap on the same day. */
export const weeklyScheduleSchema = z
  .array(workingIntervalSchema)
  .max(70, 'Demasiados tramos horarios')
  .superRefine((intervals, ctx) => {
    intervals.forEach((interval, index) => {
      if (!TIME_PATTERN.test(interval.start) || !TIME_PATTERN.test(interval.end)) return;
      if (timeToMinutes(interval.end) <= timeToMinutes(interval.start)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'end'],
          message: `${WEEKDAY_NAMES[interval.weekday]}: el tramo ${interval.start}–${interval.end} termina antes de empezar`,
        });
      }
    });
    for (let i = 0; i < intervals.length; i++) {
      for (let j = i + 1; j < intervals.length; j++) {
        const a = intervals[i]!;
        const b = intervals[j]!;
        if (a.weekday !== b.weekday || ![a.start, a.end, b.start, b.end].every((t) => TIME_PATTERN.test(t))) continue;
        if (timeToMinutes(a.start) < timeToMinutes(b.end) && timeToMinutes(b.start) < timeToMinutes(a.end)) {
          ctx.addIssue({
            code: 'custom',
            path: [j, 'start'],
            message: `${WEEKDAY_NAMES[a.weekday]}: los tramos ${a.start}–${a.end} y ${b.start}–${b.end} se solapan`,
          });
        }
      }
    }
  });

const dateSchema = z.iso.date({ error: 'Escribe la fecha como AAAA-MM-DD' });

export const absenceInputSchema = z
  .strictObject({
    startDate: dateSchema,
    endDate: dateSchema,
    reason: z.string().trim().min(2, 'Indica el motivo de la ausencia').max(200),
  })
  .refine((absence) => absence.endDate >= absence.startDate, {
    path: ['endDate'],
    message: 'La ausencia termina antes de empezar',
  });
export type AbsenceInput = z.infer<typeof absenceInputSchema>;

export const absenceSchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
});
export type Absence = z.infer<typeof absenceSchema>;

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'El color debe ser como #1c7ed6');

/** The fields of a doctor an admin edits. */
export const doctorFieldsSchema = z.object({
  displayName: displayNameSchema,
  phone: z.union([phoneSchema, z.literal('')]),
  specialtyId: z.string().uuid('Elige una especialidad'),
  licenseNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z/-]{4,20}$/, 'El nº de colegiado debe tener entre 4 y 20 números o letras'),
  bio: z.string().trim().max(1500, 'La presentación no puede superar los 1500 caracteres'),
  photoUrl: photoUrlSchema,
  color: colorSchema,
  appointmentMinutes: z
    .number({ error: 'Escribe la duración en minutos' })
    .int('Escribe un número entero de minutos')
    .min(5, 'La cita debe durar al menos 5 minutos')
    .max(480, 'La cita no puede durar más de 8 horas'),
  active: z.boolean(),
});

export const doctorCreateSchema = doctorFieldsSchema.extend({
  email: emailSchema,
  schedule: weeklyScheduleSchema,
});
export type DoctorCreateInput = z.input<typeof doctorCreateSchema>;

export const doctorUpdateSchema = doctorFieldsSchema.partial().strict();
export type DoctorUpdateInput = z.input<typeof doctorUpdateSchema>;

export const doctorScheduleUpdateSchema = z.strictObject({ schedule: weeklyScheduleSchema });

export const doctorSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  phone: z.string(),
  specialtyId: z.string(),
  specialty: z.string(),
  licenseNumber: z.string(),
  bio: z.string(),
  photoUrl: z.string(),
  color: z.string(),
  appointmentMinutes: z.number(),
  active: z.boolean(),
  schedule: z.array(workingIntervalSchema),
  absences: z.array(absenceSchema),
  /** The next bookable start (ISO instant), or null when none within the booking horizon. */
  nextFreeSlot: z.string().nullable(),
});
export type Doctor = z.infer<typeof doctorSchema>;
