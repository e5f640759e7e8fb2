import { api } from '../../common/api-paths';
import { z } from 'zod';

/**
 * The environment of the SMS and WhatsApp providers. A channel is on only when its provider is fully
 * configured: without it the clinic's settings show «sin proveedor configurado» and nothing goes by it.
 */
export const messagingEnv = {
  /** `twilio` (the SMS adapter); empty: no SMS. */
  SMS_PROVIDER: z.enum(['twilio'], { error: 'debe ser twilio' }).optional(),
  TWILIO_ACCOUNT_SID: z.string().trim().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).optional(),
  TWILIO_FROM: z.string().trim().min(1).optional(),
  TWILIO_BASE_URL: z.url({ error: 'debe ser una URL completa' }).default('https://api.twilio.com'),
  WHATSAPP_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().trim().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_TEMPLATE: z.string().trim().min(1).default('recordatorio_cita'),
  WHATSAPP_SURVEY_TEMPLATE: z.string().trim().min(1).default('encuesta_visita'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().trim().min(2).default('es'),
  WHATSAPP_BASE_URL: z.url({ error: 'debe ser una URL completa' }).default('https://graph.facebook.com/v21.0'),
  MESSAGE_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser al menos 1')
    .max(120, 'no puede superar 120')
    .default(10),
};

type MessagingValues = z.output<z.ZodObject<typeof messagingEnv>>;

export interface MessagingConfig {
  sms?: TwilioConfig;
  whatsapp?: WhatsAppConfig;
}

/**
 * The providers' callbacks (public, signature-verified). Server-only paths — no page calls them — kept out of
 * common/paths.ts so that they weigh nothing in the public pages' first-load JavaScript.
 */
export function messagingConfigFrom(values: MessagingValues, publicUrl: string): MessagingConfig {
  const timeoutMs = values.MESSAGE_TIMEOUT_SECONDS * 1000;
  const sms =
    values.SMS_PROVIDER === 'twilio' && values.TWILIO_ACCOUNT_SID && values.TWILIO_AUTH_TOKEN && values.TWILIO_FROM
      ? {
          accountSid: values.TWILIO_ACCOUNT_SID,
          authToken: values.TWILIO_AUTH_TOKEN,
          from: values.TWILIO_FROM,
          baseUrl: values.TWILIO_BASE_URL,
          timeoutMs,
          statusCallbackUrl: `${publicUrl}${api.twilioStatus}`,
        }
      : undefined;
  const whatsapp =
    values.WHATSAPP_ACCESS_TOKEN && values.WHATSAPP_PHONE_NUMBER_ID && values.WHATSAPP_APP_SECRET
      ? {
          accessToken: values.WHATSAPP_ACCESS_TOKEN,
          phoneNumberId: values.WHATSAPP_PHONE_NUMBER_ID,
          appSecret: values.WHATSAPP_APP_SECRET,
          verifyToken: values.WHATSAPP_VERIFY_TOKEN ?? '',
          template: values.WHATSAPP_TEMPLATE,
          surveyTemplate: values.WHATSAPP_SURVEY_TEMPLATE,
          templateLanguage: values.WHATSAPP_TEMPLATE_LANGUAGE,
          baseUrl: values.WHATSAPP_BASE_URL,
          timeoutMs,
        }
      : undefined;
  return { ...(sms ? { sms } : {}), ...(whatsapp ? { whatsapp } : {}) };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sender: a number in E.164 or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com unless configured (tests point it at test/fake-twilio.ts). */
  baseUrl: string;
  timeoutMs: number;
  /** Where Twilio posts the message's status changes (the app's public callback). */
  statusCallbackUrl: string;
}

export interface WhatsAppConfig {
  accessToken: string;
  phoneNumberId: string;
  /** The app secret that signs the webhooks (X-Hub-Signature-256). */
  appSecret: string;
  /** The token Meta sends when subscribing the webhook (GET hub.verify_token). */
  verifyToken: string;
  /** The approved template's name and language (its body takes the parameters in order). */
  template: string;
  /** The after-visit message's template ({{1}} name, {{2}} clinic, {{3}} link). */
  surveyTemplate: string;
  templateLanguage: string;
  /** https://graph.facebook.com/v21.0 unless configured (tests point it at test/fake-whatsapp.ts). */
  baseUrl: string;
  timeoutMs: number;
}
