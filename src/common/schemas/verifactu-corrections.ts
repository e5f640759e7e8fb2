import { z } from 'zod';
import { DOCUMENT_TYPES, documentError, normalizeDocument } from '../identity-document';
import { oneLineString } from './one-line';

/**
 * Corrections that correct (issue 35, item 3): a record the AEAT rejected («Incorrecto») or registered with errors
 * («AceptadoConErrores») waits «Pendiente de corregir» until the desk fixes what the AEAT named. What may be changed
 * is what the record says of the invoice without touching its number, date, type or amounts: the recipient (on a
 * complete invoice) and the DescripcionOperacion. Amounts are corrected by a rectifying invoice.
 */

/** The AEAT refuses these characters in a text field (its error 1287). */
const FORBIDDEN = /[<>"'=]/;

export const correctionRecipientSchema = z.strictObject({
  name: oneLineString({ error: 'Escribe el nombre del destinatario' })
    .min(1, 'Escribe el nombre del destinatario')
    .max(120, 'El nombre del destinatario admite como máximo 120 caracteres')
    .refine((value) => !FORBIDDEN.test(value), 'El nombre no puede llevar los caracteres < > " \' ='),
  documentType: z.enum(DOCUMENT_TYPES, { error: 'Elige el tipo de documento' }),
  documentNumber: z
    .string({ error: 'Escribe el número del documento' })
    .trim()
    .min(1, 'Escribe el número del documento')
    .max(30, 'El número del documento es demasiado largo')
    .overwrite(normalizeDocument),
});

export const correctionInputSchema = z
  .strictObject({
    /** Only on a complete invoice (F1, R1–R4): a simplified one names no recipient. */
    recipient: correctionRecipientSchema.optional(),
    description: oneLineString({ error: 'Escribe la descripción de la operación' })
      .min(1, 'Escribe la descripción de la operación')
      .max(500, 'La descripción admite como máximo 500 caracteres')
      .refine((value) => !FORBIDDEN.test(value), 'La descripción no puede llevar los caracteres < > " \' ='),
  })
  .superRefine((value, ctx) => {
    if (!value.recipient) return;
    const error = documentError(value.recipient.documentType, value.recipient.documentNumber);
    if (error) ctx.addIssue({ code: 'custom', path: ['recipient', 'documentNumber'], message: error });
  });
export type CorrectionInput = z.infer<typeof correctionInputSchema>;

export const correctionParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'El registro debe ser un número' })
    .int('El registro debe ser un número')
    .min(1, 'Registro no válido')
    .max(Number.MAX_SAFE_INTEGER, 'Registro no válido'),
});

/** RechazoPrevio as the AEAT defines it for a subsanación (L17 and its «Operativas de alta»). */
export const REJECTED_BEFORE_LABELS = {
  X: 'X: la AEAT no tiene registrada la factura (su alta fue rechazada)',
  N: 'N: la AEAT tiene registrada la factura y se corrigen sus datos',
  S: 'S: la AEAT tiene registrada la factura y una subsanación anterior fue rechazada',
} as const;

/** What the correction screen shows of a record waiting «Pendiente de corregir». */
export const correctionViewSchema = z.object({
  recordId: z.number(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  /** TipoFactura: F1/R1–R4 name a recipient, F2/R5 do not. */
  type: z.string(),
  totalCents: z.number(),
  status: z.enum(['rechazado', 'aceptado_con_errores']),
  errorCode: z.string().nullable(),
  errorDescription: z.string().nullable(),
  /** The data as the record sent it. */
  recipient: z
    .object({ name: z.string(), documentType: z.enum(DOCUMENT_TYPES), documentNumber: z.string() })
    .nullable(),
  description: z.string(),
  /** The flags the correction record will carry: Subsanacion S and this RechazoPrevio. */
  rejectedBefore: z.enum(['X', 'N', 'S']),
});
export type CorrectionView = z.infer<typeof correctionViewSchema>;

export const correctionResultSchema = z.object({
  recordId: z.number(),
  position: z.number(),
  rejectedBefore: z.enum(['X', 'N', 'S']),
});
export type CorrectionResult = z.infer<typeof correctionResultSchema>;
