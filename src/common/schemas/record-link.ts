import { z } from 'zod';

/** How long the link of «Confirma tu correo para ver tu ficha» works. */
export const RECORD_LINK_VALID_HOURS = 24;

/**
 * A paciente account and the clinic's record: `linked` (their record, or one made for them when needed) or
 * `pending` (a record with their e-mail exists, but they have not proved the address yet: nothing of it
 * reaches the account).
 */
export const recordLinkStatusSchema = z.object({
  status: z.enum(['linked', 'pending']),
  email: z.string(),
  /** When the last confirmation link was sent (pending only). */
  sentAt: z.string().nullable(),
});
export type RecordLinkStatus = z.infer<typeof recordLinkStatusSchema>;

const tokenSchema = z
  .string({ error: 'El enlace no es válido' })
  .min(20, 'El enlace no es válido')
  .max(200, 'El enlace no es válido');

export const confirmEmailSchema = z.strictObject({ token: tokenSchema });
export const confirmEmailResultSchema = z.object({
  /** Whether the account now sees a record of the clinic. */
  linked: z.boolean(),
});
export type ConfirmEmailResult = z.infer<typeof confirmEmailResultSchema>;

/** Staff link a record to the paciente account with this e-mail. */
export const patientAccountLinkSchema = z.strictObject({
  email: z
    .string({ error: 'Escribe el correo de la cuenta' })
    .trim()
    .min(1, 'Escribe el correo de la cuenta')
    .max(254, 'El correo electrónico es demasiado largo')
    .pipe(z.email({ error: 'Escribe un correo electrónico válido' })),
});
export type PatientAccountLinkInput = z.input<typeof patientAccountLinkSchema>;

/** The account a record is linked to, as staff see it on the patient's page. */
export const patientAccountSchema = z.object({
  account: z
    .object({ id: z.string(), email: z.string(), displayName: z.string(), emailVerified: z.boolean() })
    .nullable(),
});
export type PatientAccount = z.infer<typeof patientAccountSchema>;
