import { z } from 'zod';
import { isValidTimeZone } from '../time';
import { ownImageUrlSchema } from './images';
import { FEED_PATIENT_DISPLAYS } from './calendar-feeds';
import { STAFF_IDLE_MINUTES } from '../idle';

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label}: como máximo ${max} caracteres`);

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${label}: escribe un número` })
    .int(`${label}: escribe un número entero`)
    .min(min, `${label}: no puede ser menor que ${min} ${unit}`)
    .max(max, `${label}: no puede ser mayor que ${max} ${unit}`);

export const openingHoursRowSchema = z.object({
  days: z.string().trim().min(1, 'Indica los días (p. ej. «Lunes a viernes»)').max(60),
  hours: z.string().trim().min(1, 'Indica el horario (p. ej. «09:00–14:00»)').max(80),
});

/** The latest a reminder may leave: a month and a day, so that it can follow the longest cancellation window (720 h). */
export const REMINDER_LEAD_MAX_HOURS = 744;

/**
 * Why this reminder lead does not go with this cancellation window, or null when it does: the reminder must leave
 * before the patient's limit to change or cancel online, or its link could no longer change anything (issue 38).
 */
export function reminderLeadRefusal(leadHours: number, windowHours: number): string | null {
  if (!Number.isInteger(leadHours) || !Number.isInteger(windowHours) || leadHours > windowHours) return null;
  return `Antelación del recordatorio: debe ser mayor que el plazo de cancelación (${windowHours} h), o el recordatorio llegaría cuando ya no se puede cambiar ni cancelar por internet`;
}

/** What a reminder lead and a cancellation window mean for the patient, as the settings screen says it. */
export function reminderLeadSummary(leadHours: number, windowHours: number): string {
  const limit =
    windowHours === 0
      ? 'el paciente puede cambiar o cancelar por internet hasta la hora de la cita'
      : `el paciente puede cambiar o cancelar por internet hasta ${windowHours} h antes`;
  return leadHours > windowHours
    ? `El recordatorio sale ${leadHours} h antes; ${limit}, así que tendrá ${leadHours - windowHours} h para hacerlo.`
    : `El recordatorio sale ${leadHours} h antes; ${limit}: llegaría cuando ya no puede hacerlo.`;
}

/** Everything an admin sets in /admin/configuracion. */
export const clinicSettingsSchema = z.object({
  name: z.string().trim().min(2, 'El nombre de la clínica debe tener al menos 2 caracteres').max(120),
  address: optionalText(200, 'Dirección'),
  phone: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,30}$/, 'Introduce un teléfono válido'),
  ]),
  email: z.union([z.literal(''), z.email({ error: 'Introduce un correo electrónico válido' })]),
  whatsapp: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,30}$/, 'Introduce un número de WhatsApp válido, con prefijo (+34…)'),
  ]),
  logoUrl: ownImageUrlSchema('El logotipo debe ser una imagen subida a la clínica'),
  mapUrl: z.union([
    z.literal(''),
    z.url({ protocol: /^https$/, error: 'El enlace del mapa debe empezar por https://' }),
  ]),
  openingHours: z.array(openingHoursRowSchema).max(14, 'Como máximo 14 filas de horario'),
  timeZone: z.string().refine(isValidTimeZone, 'Zona horaria no válida: usa un nombre IANA como Europe/Madrid'),
  defaultAppointmentMinutes: wholeNumber('Duración de la cita', 5, 480, 'minutos'),
  bookingHorizonDays: wholeNumber('Antelación máxima', 1, 365, 'días'),
  minimumNoticeHours: wholeNumber('Aviso mínimo', 0, 720, 'horas'),
  cancellationWindowHours: wholeNumber('Plazo de cancelación', 0, 720, 'horas'),
  reminderLeadHours: wholeNumber('Antelación del recordatorio', 1, REMINDER_LEAD_MAX_HOURS, 'horas'),
  bookingsRequireConfirmation: z.boolean(),
  /** What the private calendar feeds show of each patient. */
  feedPatientDisplay: z.enum(FEED_PATIENT_DISPLAYS, { error: 'Elige qué mostrar de los pacientes en los calendarios' }),
  /** Whether e-mails to patients (and their .ics) name the visit's reason: off by default, it is health data. */
  mailIncludeReason: z.boolean(),
  /** Minutes without input after which an admin's or doctor's session ends (issue 21); patients keep 7 days. */
  staffIdleMinutes: wholeNumber('Cierre por inactividad', STAFF_IDLE_MINUTES.min, STAFF_IDLE_MINUTES.max, 'minutos'),
  /** «Exigir segundo factor al personal»: admins and doctors sign in with an app or a passkey too (issue 21). */
  requireSecondFactorForStaff: z.boolean(),
});
export type ClinicSettings = z.infer<typeof clinicSettingsSchema>;

/** The settings form's schema: the fields, and the reminder leaving before the cancellation window. */
export const clinicSettingsFormSchema = clinicSettingsSchema.superRefine((settings, context) => {
  const refusal = reminderLeadRefusal(settings.reminderLeadHours, settings.cancellationWindowHours);
  if (refusal) context.addIssue({ code: 'custom', path: ['reminderLeadHours'], message: refusal });
});

export const clinicSettingsUpdateSchema = clinicSettingsSchema.partial().strict();
export type ClinicSettingsUpdate = z.input<typeof clinicSettingsUpdateSchema>;

export const clinicSettingsResponseSchema = clinicSettingsSchema.extend({ updatedAt: z.string() });
export type ClinicSettingsResponse = z.infer<typeof clinicSettingsResponseSchema>;
