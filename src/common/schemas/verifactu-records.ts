import { z } from 'zod';

/** «VERI*FACTU» › «Registros» (issue 35, item 5): every record with its invoice, where its sending stands and the AEAT's answer. */
export const RECORDS_PAGE_SIZE = 50;

export const SUBMISSION_STATUS_LABELS = {
  pendiente: 'Pendiente de envío',
  enviando: 'Enviándose',
  aceptado: 'Aceptado',
  aceptado_con_errores: 'Aceptado con errores',
  rechazado: 'Rechazado',
} as const;
export type SubmissionStatusName = keyof typeof SUBMISSION_STATUS_LABELS;

export const recordListQuerySchema = z.strictObject({
  pagina: z.coerce
    .number({ error: 'La página debe ser un número' })
    .int('La página debe ser un número entero')
    .min(1, 'La primera página es la 1')
    .max(1_000_000, 'Página no válida')
    .default(1),
});

export const recordListSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  records: z.array(
    z.object({
      id: z.number(),
      issuerNif: z.string(),
      /** Its place in its issuer's chain: 1 for the first. */
      position: z.number(),
      kind: z.enum(['alta', 'anulacion']),
      /** A subsanación: a new record of an invoice whose earlier record the AEAT rejected or registered with errors. */
      correction: z.boolean(),
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      /** FechaHoraHusoGenRegistro as the record wrote it. */
      generatedAt: z.string(),
      status: z.enum(['pendiente', 'enviando', 'aceptado', 'aceptado_con_errores', 'rechazado']),
      attempts: z.number(),
      answeredAt: z.string().nullable(),
      /** The AEAT's code and description of an error, or of why the last attempt failed. */
      errorCode: z.string().nullable(),
      errorDescription: z.string().nullable(),
      /** The CSV the AEAT gave the submission that carried it (its «Código Seguro de Verificación»). */
      csv: z.string().nullable(),
      /** Corrected by a later record (its place in the chain). */
      correctedBy: z.number().nullable(),
      /**
       * «Pendiente de corregir»: the AEAT rejected it or registered it with errors, and no correction has been sent
       * yet. It is never sent again as it was; the desk corrects its data (api.verifactuRecordCorrection).
       */
      pendingCorrection: z.boolean(),
    }),
  ),
});
export type RecordList = z.infer<typeof recordListSchema>;
