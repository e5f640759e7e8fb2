import { z } from 'zod';

/** Paying online through Redsys (issue 36, item 6): by card or by Bizum. */
export const ONLINE_PAYMENT_METHODS = ['tarjeta', 'bizum'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

export const onlinePaymentInputSchema = z.strictObject({
  method: z.enum(ONLINE_PAYMENT_METHODS, { error: 'Elige cómo pagar: con tarjeta o por Bizum' }),
});
export type OnlinePaymentInput = z.infer<typeof onlinePaymentInputSchema>;

/** The form the browser posts to Redsys: its address and its three fields. */
export const redsysFormSchema = z.object({
  action: z.string(),
  fields: z.object({
    Ds_SignatureVersion: z.string(),
    Ds_MerchantParameters: z.string(),
    Ds_Signature: z.string(),
  }),
});
export type RedsysForm = z.infer<typeof redsysFormSchema>;

/** What a payment link shows: the invoice's concept and what is pending, nothing of the patient's record. */
export const paymentLinkViewSchema = z.object({
  clinicName: z.string(),
  invoiceNumber: z.string(),
  concept: z.string(),
  pendingCents: z.number(),
  expiresAt: z.string(),
  /** Whether the clinic has its virtual POS set up (otherwise the page says to pay at the desk). */
  available: z.boolean(),
});
export type PaymentLinkView = z.infer<typeof paymentLinkViewSchema>;

/** Where an online payment stands: only Redsys's notification makes it «recibido». */
export const ONLINE_PAYMENT_STATES = ['recibido', 'pendiente', 'rechazado'] as const;
export type OnlinePaymentState = (typeof ONLINE_PAYMENT_STATES)[number];
export const onlinePaymentResultSchema = z.object({
  state: z.enum(ONLINE_PAYMENT_STATES),
  amountCents: z.number(),
  invoiceNumber: z.string(),
  method: z.enum(ONLINE_PAYMENT_METHODS),
  /** A booking's deposit (decision 0121): its invoice is issued when the bank confirms it. */
  deposit: z.boolean().optional(),
});
export type OnlinePaymentResult = z.infer<typeof onlinePaymentResultSchema>;

export const paymentLinkInputSchema = z.strictObject({
  channel: z.enum(['email', 'sms'], { error: 'Elige cómo enviarlo: por correo o por SMS' }),
});
export type PaymentLinkInput = z.infer<typeof paymentLinkInputSchema>;
export const paymentLinkSentSchema = z.object({ sentTo: z.string(), expiresAt: z.string() });
export type PaymentLinkSent = z.infer<typeof paymentLinkSentSchema>;

export const REDSYS_ENVIRONMENT_LABELS = { pruebas: 'Pruebas (sis-t)', real: 'Real' } as const;

/** The clinic's virtual POS as the settings screen reads it: never the secret, only whether there is one. */
export const redsysSettingsSchema = z.object({
  merchantCode: z.string(),
  terminal: z.string(),
  environment: z.enum(['pruebas', 'real']),
  secretSet: z.boolean(),
});
export type RedsysSettings = z.infer<typeof redsysSettingsSchema>;

export const redsysSettingsInputSchema = z.strictObject({
  merchantCode: z
    .string()
    .trim()
    .regex(/^(\d{9})?$/, 'El número de comercio (FUC) son 9 cifras'),
  terminal: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'El terminal es un número de 1 a 3 cifras'),
  environment: z.enum(['pruebas', 'real'], { error: 'Elige el entorno: pruebas o real' }),
  /** Empty: the secret stays as it was. */
  secret: z.string().trim().max(100, 'La clave secreta no puede superar los 100 caracteres').default(''),
});
export type RedsysSettingsInput = z.input<typeof redsysSettingsInputSchema>;
