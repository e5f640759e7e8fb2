import { z } from 'zod';
import { ownAppointmentSchema } from './appointments';

/** The patient's answer to the reminder: «Confirmo que iré» or «No podré ir». */
export const PATIENT_ANSWERS = ['confirmed', 'declined'] as const;
export type PatientAnswer = (typeof PATIENT_ANSWERS)[number];

/** How the patient answered: the reminder's link, or a reply by SMS or WhatsApp («SI», «NO»). */
export const ANSWER_VIA = ['link', 'sms', 'whatsapp'] as const;
export type AnswerVia = (typeof ANSWER_VIA)[number];

/** The value of `?respuesta=` in the reminder's links (Spanish, it is in the address bar). */
export const ANSWER_PARAMS = { confirmed: 'confirmo', declined: 'no-podre-ir' } as const satisfies Record<
  PatientAnswer,
  string
>;

/** The reason an appointment declined from the reminder is cancelled with. */
export const DECLINED_REASON = 'El paciente avisó que no podrá ir';
/**
 * The reason when the patient declined inside the cancellation window (issue 38): still a cancellation by the
 * patient, kept apart as a late notice (in the reason, the audit entry's `lateNotice` and a task for the desk).
 */
export const DECLINED_LATE_REASON =
  'El paciente avisó que no podrá ir, con menos antelación que el plazo de cancelación';
/** The accessible label of the double tick. */
export const CONFIRMED_LABEL = 'Confirmada por el paciente';
/** The double tick's label, naming the channel when she confirmed by a reply: «Confirmada por el paciente por SMS». */
export const confirmedLabel = (via: AnswerVia | undefined) =>
  via === 'sms'
    ? `${CONFIRMED_LABEL} por SMS`
    : via === 'whatsapp'
      ? `${CONFIRMED_LABEL} por WhatsApp`
      : CONFIRMED_LABEL;

/** What the patient's page shows after answering. */
export const reminderAnswerResultSchema = z.object({
  answer: z.enum(PATIENT_ANSWERS),
  answeredAt: z.string(),
  status: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  doctorName: z.string(),
  /** A «No podré ir» inside the cancellation window: the desk has been told (a task). */
  lateNotice: z.boolean().optional(),
});
export type ReminderAnswerResult = z.infer<typeof reminderAnswerResultSchema>;

export const answersQuerySchema = z.object({
  ids: z
    .string()
    .max(20_000)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid({ error: 'Identificador de cita no válido' })).max(500, 'Como máximo 500 citas a la vez')),
});

export const appointmentAnswerSchema = z.object({
  appointmentId: z.string(),
  answer: z.enum(PATIENT_ANSWERS),
  answeredAt: z.string(),
  via: z.enum(ANSWER_VIA),
});
export type AppointmentAnswer = z.infer<typeof appointmentAnswerSchema>;
export const appointmentAnswersSchema = z.object({ answers: z.array(appointmentAnswerSchema) });
export type AppointmentAnswers = z.infer<typeof appointmentAnswersSchema>;

/**
 * A questionnaire to answer or a consent to sign that the booking's page lists: its link only when the page was
 * opened from a message sent to the patient (`?acceso=`), else null (the link is in her e-mail: decision 0084).
 */
export const pendingFormSchema = z.object({ title: z.string(), url: z.string().nullable() });
export type PendingForm = z.infer<typeof pendingFormSchema>;

/** The query of the booking's page: the proof that opens its form links (decision 0127). */
export const linkedBookingQuerySchema = z.object({
  acceso: z.string({ error: 'Enlace no válido' }).max(100, 'Enlace no válido').optional(),
});

/**
 * The booking as its page (`/cita/<token>`, the reminder's link) shows it (issue 38, decision 0127): the
 * appointment, and what the reminder asks — whether it can still be answered (live, not begun: also inside the
 * cancellation window), the patient's last answer, and the questionnaires and consents still pending.
 */
export const linkedBookingSchema = ownAppointmentSchema.extend({
  /** Its time has come: the page says so and offers nothing. */
  past: z.boolean(),
  /** «Confirmo» and «No podré ir» are offered. */
  canAnswer: z.boolean(),
  answer: z.object({ answer: z.enum(PATIENT_ANSWERS), answeredAt: z.string() }).nullable(),
  pendingForms: z.object({ questionnaires: z.array(pendingFormSchema), consents: z.array(pendingFormSchema) }),
});
export type LinkedBooking = z.infer<typeof linkedBookingSchema>;
