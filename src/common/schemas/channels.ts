import { z } from 'zod';

/**
 * A patient's consent to messages on her phone, in her own words (Mi perfil, and the public booking's
 * «¿Cómo quieres recibir el recordatorio?»), and what a phone channel chosen without it is answered.
 */
export const PHONE_CONSENT_TEXT =
  'Acepto recibir por SMS y WhatsApp, en el móvil de mi ficha, los recordatorios de mis citas y los mensajes de la clínica';
export const PHONE_CONSENT_REQUIRED = 'Para recibir el recordatorio por SMS o WhatsApp, marca que aceptas recibirlos';

/** The channels a clinic may send reminders and after-visit messages through (issue 24, item 3). */
export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** The channels that need a provider and the patient's consent. */
export type PhoneChannel = Exclude<MessageChannel, 'email'>;

export const CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: 'Correo electrónico',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** A clinic's channels, in its order of choice: at least one, no repeats. */
export const channelOrderSchema = z
  .array(z.enum(MESSAGE_CHANNELS, { error: 'Canal no válido' }))
  .min(1, 'Elige al menos un canal')
  .max(3)
  .refine((list) => new Set(list).size === list.length, 'Un canal aparece dos veces');

/** A patient's choice: the channel she prefers and whether she consents to messages on her phone. */
export const patientChannelSchema = z.object({
  preferredChannel: z.enum(MESSAGE_CHANNELS, { error: 'Canal no válido' }),
  phoneConsent: z.boolean(),
});
export type PatientChannelInput = z.infer<typeof patientChannelSchema>;

export const patientChannelViewSchema = patientChannelSchema.extend({
  /** When and by whom the consent (or its withdrawal) was recorded. */
  consentRecordedAt: z.string().nullable(),
  consentRecordedBy: z.string().nullable(),
  /** The name of that person (the patient herself or someone of the desk), when known. */
  consentRecordedByName: z.string().nullable(),
  /** The channels she may choose: the clinic's, in its order, a phone channel only with its provider. */
  offeredChannels: z.array(z.enum(MESSAGE_CHANNELS)),
});
export type PatientChannelView = z.infer<typeof patientChannelViewSchema>;

/** Which phone channels have a provider configured on the server (without one, the channel is off). */
export const channelProvidersSchema = z.object({ sms: z.boolean(), whatsapp: z.boolean() });

export const SURVEY_SCORES = [1, 2, 3, 4, 5] as const;
export const surveyAnswerSchema = z.object({
  score: z.number({ error: 'Elige una puntuación del 1 al 5' }).int().min(1, 'Del 1 al 5').max(5, 'Del 1 al 5'),
  comment: z.string().trim().max(1000, 'Como mucho 1000 caracteres').default(''),
});
export const surveyViewSchema = z.object({
  clinicName: z.string(),
  visitDate: z.string(),
  doctorName: z.string(),
  answered: z.boolean(),
  /** The clinic's public review page, for an answer that rated at least the threshold (null otherwise). */
  reviewUrl: z.string().nullable(),
});

/** The clinic's channel settings as the settings screen edits them. */
export const channelSettingsSchema = z.object({
  channels: channelOrderSchema,
  surveyEnabled: z.boolean(),
  surveyDelayHours: z
    .number({ error: 'Indica las horas' })
    .int('Horas enteras')
    .min(1, 'Entre 1 y 168 horas')
    .max(168, 'Entre 1 y 168 horas'),
  surveyReviewUrl: z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || /^https:\/\/\S+$/.test(value), 'Debe ser una dirección https:// completa'),
});
export type ChannelSettingsInput = z.infer<typeof channelSettingsSchema>;
export const channelSettingsViewSchema = channelSettingsSchema.extend({ providers: channelProvidersSchema });
export type ChannelSettingsView = z.infer<typeof channelSettingsViewSchema>;
