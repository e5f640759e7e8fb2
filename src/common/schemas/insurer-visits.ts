import { z } from 'zod';

/**
 * Visits «por su aseguradora» and «Liquidación de aseguradoras» (issue 36, item 1, steps 3 and 4; decision
 * 0118).
 */

/** Who pays a visit: the patient («Privado») or her insurer. */
export const VISIT_PAYERS = ['privado', 'aseguradora'] as const;
export type VisitPayer = (typeof VISIT_PAYERS)[number];
export const VISIT_PAYER_LABELS: Record<VisitPayer, string> = { privado: 'Privado', aseguradora: 'Aseguradora' };

const authorization = z
  .string({ error: 'Escribe el número de autorización' })
  .trim()
  .max(60, 'El número de autorización no puede superar los 60 caracteres');

/** The desk's choice when it books or edits a visit; the insurer is the patient's, the price its tariff's. */
export const visitPayerInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('privado') }),
    z.strictObject({ kind: z.literal('aseguradora'), authorizationNumber: authorization.optional() }),
  ],
  { error: 'Elige Privado o Aseguradora' },
);
export type VisitPayerInput = z.infer<typeof visitPayerInputSchema>;

/** A visit's payer as the screens read it. */
export const visitPayerSchema = z.object({
  kind: z.enum(VISIT_PAYERS),
  insurerId: z.string().nullable(),
  insurerName: z.string().nullable(),
  cardNumber: z.string().nullable(),
  authorizationNumber: z.string().nullable(),
  /** The insurer's tariff for the service, frozen at booking; the copay the patient pays (null: none). */
  priceCents: z.number().nullable(),
  copayCents: z.number().nullable(),
});
export type VisitPayerView = z.infer<typeof visitPayerSchema>;

const month = z.string({ error: 'Elige el mes' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mes no válido: AAAA-MM');
const insurerId = z.uuid({ error: 'Elige una aseguradora' });

export const settlementQuerySchema = z.strictObject({ insurerId, month });
export type SettlementQuery = z.infer<typeof settlementQuerySchema>;
export const settlementIssueSchema = settlementQuerySchema;

/** An attended insurer visit of the month, not yet settled: one line of the invoice to come. */
export const settlementVisitSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  patientName: z.string(),
  cardNumber: z.string(),
  serviceName: z.string(),
  authorizationNumber: z.string(),
  priceCents: z.number(),
});
export type SettlementVisit = z.infer<typeof settlementVisitSchema>;

export const settlementPreviewSchema = z.object({
  insurerId: z.string(),
  insurerName: z.string(),
  month: z.string(),
  visits: z.array(settlementVisitSchema),
  totalCents: z.number(),
  /** Why it cannot be issued, when it cannot (no CIF, nothing to settle); null when it can. */
  blocked: z.string().nullable(),
  /** The invoices already issued to this insurer, newest first, with what is left to reconcile. */
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      issueDate: z.string(),
      totalCents: z.number(),
      visits: z.number(),
      pending: z.number(),
    }),
  ),
});
export type SettlementPreview = z.infer<typeof settlementPreviewSchema>;

export const VISIT_OUTCOMES = ['pagada', 'rechazada'] as const;
export const REFUSAL_RESOLUTIONS = ['paciente', 'baja'] as const;
export const OUTCOME_LABELS = { pagada: 'Pagada', rechazada: 'Rechazada' } as const;
export const RESOLUTION_LABELS = { paciente: 'Facturada al paciente', baja: 'Dada de baja' } as const;

/** A settled visit of an insurer's invoice, with what the insurer did with it. */
export const settledVisitSchema = settlementVisitSchema.extend({
  position: z.number(),
  outcome: z.enum(VISIT_OUTCOMES).nullable(),
  resolution: z.enum(REFUSAL_RESOLUTIONS).nullable(),
  reason: z.string(),
});
export const settlementInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  insurerName: z.string(),
  totalCents: z.number(),
  visits: z.array(settledVisitSchema),
});
export type SettlementInvoice = z.infer<typeof settlementInvoiceSchema>;

const line = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({ appointmentId: z.uuid({ error: 'Visita no válida' }), outcome: z.literal('pagada') }),
    z.strictObject({
      appointmentId: z.uuid({ error: 'Visita no válida' }),
      outcome: z.literal('rechazada'),
      resolution: z.enum(REFUSAL_RESOLUTIONS, { error: 'Elige si se factura al paciente o se da de baja' }),
      reason: z
        .string({ error: 'Escribe el motivo del rechazo' })
        .trim()
        .min(3, 'Escribe el motivo del rechazo')
        .max(300, 'El motivo no puede superar los 300 caracteres'),
    }),
  ],
  { error: 'Indica si la aseguradora pagó o rechazó la visita' },
);

/** What the insurer paid and refused of an invoice, visit by visit. */
export const reconciliationSchema = z.strictObject({
  lines: z
    .array(line, { error: 'Indica al menos una visita' })
    .min(1, 'Indica al menos una visita')
    .max(500, 'Como mucho 500 visitas a la vez'),
});
export type ReconciliationInput = z.infer<typeof reconciliationSchema>;
