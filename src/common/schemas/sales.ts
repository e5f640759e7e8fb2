import { z } from 'zod';
import { MAX_PRODUCTION_DAYS } from './billing-reports';
import { BILLING_MODES } from './verifactu';

/**
 * «Ventas» (issue 36, item 8): the invoices issued in a period by service, by insurer («Privado»: the patient pays)
 * and by doctor, each table adding up to the period's books to the cent (decision 0122). Money is integer cents;
 * days are the clinic's calendar days (yyyy-mm-dd), both ends included.
 */
export const SALES_TABLES = ['servicio', 'aseguradora', 'profesional'] as const;
export type SalesTable = (typeof SALES_TABLES)[number];
export const SALES_TABLE_LABELS: Record<SalesTable, string> = {
  servicio: 'Servicio',
  aseguradora: 'Aseguradora',
  profesional: 'Profesional',
};
/** The names of the rows without one: a line typed by hand, a patient who pays, a line no doctor did. */
export const SALES_NO_SERVICE = 'Otros conceptos';
export const SALES_PRIVATE = 'Privado';
export const SALES_NO_DOCTOR = 'Sin profesional';

const isoDay = (message: string) => z.iso.date({ error: message });

const period = {
  from: isoDay('Fecha «desde» no válida').optional(),
  to: isoDay('Fecha «hasta» no válida').optional(),
};

type Period = { from?: string; to?: string };
const bothOrNeither = (query: Period) => (query.from === undefined) === (query.to === undefined);
const ordered = (query: Period) => !query.from || !query.to || query.from <= query.to;
const withinTwoYears = (query: Period) =>
  !query.from ||
  !query.to ||
  (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 < MAX_PRODUCTION_DAYS;

/** The period's checks, shared by the report and its CSV: both ends or neither (this month), in order, two years. */
const refined = <T extends z.ZodType<Period>>(schema: T) =>
  schema
    .refine(bothOrNeither, { message: 'Indica las dos fechas del periodo, o ninguna para este mes', path: ['to'] })
    .refine(ordered, { message: 'La fecha «desde» no puede ser posterior a «hasta»', path: ['to'] })
    .refine(withinTwoYears, { message: 'El periodo no puede superar los dos años', path: ['to'] });

export const salesQuerySchema = refined(z.strictObject(period));
export type SalesQuery = z.infer<typeof salesQuerySchema>;

export const salesCsvQuerySchema = refined(
  z.strictObject({
    ...period,
    tabla: z.enum(SALES_TABLES, { error: 'Tabla no válida: servicio, aseguradora o profesional' }),
  }),
);
export type SalesCsvQuery = z.infer<typeof salesCsvQuerySchema>;

const amounts = {
  /** The invoice lines of the period's invoices (neither rectifying, cancelled nor an F3) the row counts. */
  lines: z.number(),
  /** The distinct visits among those lines. */
  visits: z.number(),
  baseCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  /** What has been paid to date on the period's invoices, the row's share (refunds subtract). */
  collectedCents: z.number(),
  /** The total less what was collected. */
  pendingCents: z.number(),
};
const rowSchema = z.object({ id: z.string().nullable(), name: z.string(), ...amounts });
export type SalesRow = z.infer<typeof rowSchema>;
const totalsSchema = z.object({
  ...amounts,
  /** The period's invoices that stand, as the books count them. */ invoices: z.number(),
});
export type SalesTotals = z.infer<typeof totalsSchema>;

export const salesSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** The invoices of the clinic's billing mode, as the books count them (pruebas until it goes live). */
  mode: z.enum(BILLING_MODES),
  byService: z.array(rowSchema),
  byInsurer: z.array(rowSchema),
  byDoctor: z.array(rowSchema),
  /** The same in every table: the sum of the invoices issued in the period, as the books add them. */
  totals: totalsSchema,
});
export type Sales = z.infer<typeof salesSchema>;
