import { z } from 'zod';
import { PAYMENT_METHODS } from './payments';
import { BILLING_MODES } from './verifactu';

/**
 * The books (issue 35, item 5): the libro registro de facturas expedidas in the AEAT's layout, the modelo 303's
 * summary of a period, the modelo 347's customers of a year and the payments by method of any period. Money is
 * integer cents; days are the clinic's calendar days (yyyy-mm-dd), both ends included.
 */

const isoDay = (message: string) => z.iso.date({ error: message });

/** The longest period the books' summary covers: two years (payments by method of any period up to that). */
export const MAX_BOOKS_DAYS = 731;

/** Any period up to two years: the 303's summary and the payments by method. */
export const booksPeriodSchema = z
  .strictObject({
    from: isoDay('Fecha «desde» no válida'),
    to: isoDay('Fecha «hasta» no válida'),
  })
  .refine((query) => query.from <= query.to, {
    message: 'La fecha «desde» no puede ser posterior a «hasta»',
    path: ['to'],
  })
  .refine(
    (query) =>
      (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 < MAX_BOOKS_DAYS,
    { message: 'El periodo no puede superar los dos años', path: ['to'] },
  );
export type BooksPeriod = z.infer<typeof booksPeriodSchema>;

/** The libro's two forms: the AEAT's Excel (`xlsx`) or its CSV (`;`, decimal comma, UTF-8). */
export const LEDGER_FORMATS = ['xlsx', 'csv'] as const;
export type LedgerFormat = (typeof LEDGER_FORMATS)[number];

/** The libro registro is of one ejercicio: both days of one year. */
export const ledgerQuerySchema = z
  .strictObject({
    from: isoDay('Fecha «desde» no válida'),
    to: isoDay('Fecha «hasta» no válida'),
    formato: z.enum(LEDGER_FORMATS, { error: 'Formato no válido: xlsx o csv' }).default('xlsx'),
  })
  .refine((query) => query.from <= query.to, {
    message: 'La fecha «desde» no puede ser posterior a «hasta»',
    path: ['to'],
  })
  .refine((query) => query.from.slice(0, 4) === query.to.slice(0, 4), {
    message: 'Los libros son de un ejercicio: elige dos fechas del mismo año',
    path: ['to'],
  });

const amounts = z.object({ baseCents: z.number(), taxCents: z.number() });

/** What the modelo 303 takes from the period's invoices (the VAT charged; what was paid is the accountant's). */
export const vatReturnSchema = z.object({
  /** Régimen general by rate, boxes [01]–[09]: base, rate, cuota. */
  general: z.array(
    z.object({ rate: z.number(), boxes: z.tuple([z.string(), z.string(), z.string()]), ...amounts.shape }),
  ),
  /** Rectificativas of the period (boxes [14] and [15]): what they change of taxed bases and cuotas. */
  modifications: amounts,
  /** Total cuota devengada, box [27]. */
  totalTaxCents: z.number(),
  /** Exempt health care (art. 20.Uno.3º), apart: it carries no cuota. Rectificativas' exempt changes included. */
  exemptCents: z.number(),
});
export type VatReturn = z.infer<typeof vatReturnSchema>;

const byMethod = z.object(
  Object.fromEntries(PAYMENT_METHODS.map((method) => [method, z.number()])) as Record<
    (typeof PAYMENT_METHODS)[number],
    z.ZodNumber
  >,
);

export const booksSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The billing mode whose invoices the books count: pruebas ones only until the clinic goes live. */
  mode: z.enum(BILLING_MODES),
  vat303: vatReturnSchema,
  /** The period's invoices as the books count them (the list's totals): what the libro and the 303 add up to. */
  invoices: z.object({ count: z.number(), baseCents: z.number(), taxCents: z.number(), totalCents: z.number() }),
  /** Payments taken in the period (refunds negative), by method, and how many. */
  payments: z.object({ byMethod, totalCents: z.number(), count: z.number() }),
});
export type BooksSummary = z.infer<typeof booksSummarySchema>;

/** The modelo 347's threshold: operations with one customer above 3 005,06 € in the year. */
export const MODEL_347_THRESHOLD_CENTS = 300_506;

export const model347QuerySchema = z.strictObject({
  year: z.coerce
    .number({ error: 'Indica el año' })
    .int('El año debe ser un número entero')
    .min(2000, 'Año no válido')
    .max(2100, 'Año no válido'),
});

export const model347Schema = z.object({
  year: z.number(),
  thresholdCents: z.number(),
  /** Customers with a NIF whose year's invoices, VAT included, exceed the threshold; by amount. */
  customers: z.array(
    z.object({
      taxId: z.string(),
      name: z.string(),
      totalCents: z.number(),
      /** By quarter of the invoices' date of issue: [1T, 2T, 3T, 4T]. */
      quarters: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    }),
  ),
  /** What the rest of the year's invoices add, by quarter: customers under the threshold, and invoices without a NIF. */
  belowThreshold: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  withoutTaxId: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type Model347 = z.infer<typeof model347Schema>;
