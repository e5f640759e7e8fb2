import { z } from 'zod';

/**
 * Billing reports (issue 23, items 6 and 8): a doctor's own production and the clinic's revenue by month.
 * Money is integer cents; days are the clinic's calendar days (yyyy-mm-dd), both ends included.
 */

/** The longest period a production report covers: two years (a year and the one before it, say). */
export const MAX_PRODUCTION_DAYS = 731;

const isoDay = (message: string) => z.iso.date({ error: message });

export const productionQuerySchema = z
  .strictObject({
    from: isoDay('Fecha «desde» no válida').optional(),
    to: isoDay('Fecha «hasta» no válida').optional(),
    /** The desk names the doctor; a doctor's report is her own (asking for another's is «not found»). */
    doctorId: z.uuid({ error: 'Profesional no válido' }).optional(),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: 'Indica las dos fechas del periodo, o ninguna para este mes',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'La fecha «desde» no puede ser posterior a «hasta»',
    path: ['to'],
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 < MAX_PRODUCTION_DAYS,
    { message: 'El periodo no puede superar los dos años', path: ['to'] },
  );
export type ProductionQuery = z.infer<typeof productionQuerySchema>;

const amounts = {
  /** Attended visits of the period. */
  performed: z.number(),
  /** Of those, the ones on an issued invoice that is not cancelled. */
  invoiced: z.number(),
  baseCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  /** Attended and not (or no longer) on an invoice that stands. */
  pending: z.number(),
};

export const productionSchema = z.object({
  doctorId: z.string().nullable(),
  doctorName: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  services: z.array(z.object({ serviceId: z.string().nullable(), serviceName: z.string().nullable(), ...amounts })),
  totals: z.object(amounts),
  /** The attended visits not yet invoiced, the oldest first (at most `PENDING_SHOWN`). */
  pendingVisits: z.array(
    z.object({
      appointmentId: z.string(),
      startsAt: z.string(),
      patientName: z.string(),
      serviceName: z.string().nullable(),
    }),
  ),
});
export type Production = z.infer<typeof productionSchema>;

/** How many of the visits not yet invoiced the report lists (the count covers them all). */
export const PENDING_SHOWN = 100;

export const revenueQuerySchema = z.strictObject({
  months: z.coerce
    .number({ error: 'Indica el número de meses' })
    .int('El número de meses debe ser un número entero')
    .min(1, 'Como mínimo 1 mes')
    .max(24, 'Como máximo 24 meses')
    .default(12),
});

export const revenueSchema = z.object({
  timeZone: z.string(),
  /** The last months up to the current one, the oldest first, each once (an empty month counts 0). */
  months: z.array(
    z.object({
      /** `yyyy-mm` of the invoices' date of issue. */
      month: z.string(),
      /** Invoices issued that month, cancelled ones included. */
      issued: z.number(),
      issuedCents: z.number(),
      /** Of those, the ones cancelled since (whenever the cancellation was). */
      cancelled: z.number(),
      cancelledCents: z.number(),
      /** What stands: issued minus cancelled. */
      netCents: z.number(),
    }),
  ),
});
export type Revenue = z.infer<typeof revenueSchema>;
