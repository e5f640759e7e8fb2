import { z } from 'zod';

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
