import { z } from 'zod';

/**
 * Doctors' settlements (liquidaciones, issue 36, item 7): a self-employed doctor is paid a share of the base (before
 * VAT) of what she invoiced, or of what was collected of it, each month. Percentages are basis points (4000 is 40 %),
 * money integer cents, months `YYYY-MM` of the clinic's calendar.
 */
export const SETTLEMENT_BASES = ['facturado', 'cobrado'] as const;
export type SettlementBasis = (typeof SETTLEMENT_BASES)[number];
export const SETTLEMENT_BASIS_LABELS: Record<SettlementBasis, string> = {
  facturado: 'Sobre lo facturado',
  cobrado: 'Sobre lo cobrado',
};

export const SETTLEMENT_SOURCES = ['factura', 'rectificativa', 'anulacion', 'cobro'] as const;
export type SettlementSource = (typeof SETTLEMENT_SOURCES)[number];
export const SETTLEMENT_SOURCE_LABELS: Record<SettlementSource, string> = {
  factura: 'Factura',
  rectificativa: 'Rectificativa',
  anulacion: 'Anulación',
  cobro: 'Cobro',
};

const basisPoints = (message: string) =>
  z
    .number({ error: message })
    .int('El porcentaje admite como mucho dos decimales')
    .min(0, 'El porcentaje no puede ser negativo')
    .max(10000, 'El porcentaje no puede superar el 100 %');

/** A service's own term: its percentage, or a fixed amount per act. */
export const serviceSettlementRuleSchema = z
  .strictObject({
    serviceId: z.uuid({ error: 'Servicio no válido' }),
    percentBp: basisPoints('Indica el porcentaje').nullable(),
    amountCents: z
      .number({ error: 'Indica el importe por acto' })
      .int('El importe debe estar en céntimos')
      .min(0, 'El importe no puede ser negativo')
      .max(10_000_000, 'El importe es demasiado alto')
      .nullable(),
  })
  .refine((rule) => (rule.percentBp === null) !== (rule.amountCents === null), {
    message: 'Indica un porcentaje o un importe fijo por acto, uno de los dos',
    path: ['amountCents'],
  });
export type ServiceSettlementRule = z.infer<typeof serviceSettlementRuleSchema>;

export const settlementRuleInputSchema = z
  .strictObject({
    basis: z.enum(SETTLEMENT_BASES, { error: 'Elige si se liquida sobre lo facturado o sobre lo cobrado' }),
    percentBp: basisPoints('Indica el porcentaje'),
    /** The visits an insurer pays apart; null: as the others. */
    insurerPercentBp: basisPoints('Indica el porcentaje de las visitas de aseguradora').nullable(),
    services: z.array(serviceSettlementRuleSchema).max(500, 'Demasiados servicios'),
  })
  .refine((rule) => new Set(rule.services.map((service) => service.serviceId)).size === rule.services.length, {
    message: 'Un servicio aparece dos veces',
    path: ['services'],
  });
export type SettlementRuleInput = z.infer<typeof settlementRuleInputSchema>;

export const doctorSettlementRuleSchema = z.object({
  doctorId: z.string(),
  doctorName: z.string(),
  /** Null: the doctor is not settled (an employee, or not set yet). */
  rule: z
    .object({
      basis: z.enum(SETTLEMENT_BASES),
      percentBp: z.number(),
      insurerPercentBp: z.number().nullable(),
      services: z.array(
        z.object({
          serviceId: z.string(),
          percentBp: z.number().nullable(),
          amountCents: z.number().nullable(),
        }),
      ),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type DoctorSettlementRule = z.infer<typeof doctorSettlementRuleSchema>;

const month = z.string({ error: 'Indica el mes' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mes no válido (AAAA-MM)');

export const settlementMonthQuerySchema = z.strictObject({
  doctorId: z.uuid({ error: 'Profesional no válido' }),
  month,
});
export const settlementListQuerySchema = z.strictObject({
  /** The desk names a doctor or none (every doctor); a doctor's list is her own. */
  doctorId: z.uuid({ error: 'Profesional no válido' }).optional(),
});
export const clinicSettlementsCsvQuerySchema = z.strictObject({ month });
export const issueSettlementSchema = settlementMonthQuerySchema;

export const settlementLineSchema = z.object({
  source: z.enum(SETTLEMENT_SOURCES),
  day: z.string(),
  invoiceNumber: z.string(),
  patientName: z.string(),
  serviceName: z.string(),
  insurer: z.boolean(),
  /** The term applied, as read: «40 %», «25,00 € por acto». */
  rule: z.string(),
  countedCents: z.number(),
  shareCents: z.number(),
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

const summary = {
  doctorId: z.string(),
  doctorName: z.string(),
  month: z.string(),
  basis: z.enum(SETTLEMENT_BASES),
  countedCents: z.number(),
  shareCents: z.number(),
};
export const settlementSummarySchema = z.object({ id: z.string(), issuedAt: z.string(), ...summary });
export type SettlementSummary = z.infer<typeof settlementSummarySchema>;

/** An issued settlement (its id and moment), or the draft of one (both null) with what it would count now. */
export const settlementSchema = z.object({
  id: z.string().nullable(),
  issuedAt: z.string().nullable(),
  ...summary,
  lines: z.array(settlementLineSchema),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** «40 %» of basis points, «37,5 %» with its decimals. */
export const percentLabel = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('es-ES', { maximumFractionDigits: 2 })} %`;
