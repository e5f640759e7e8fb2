import { z } from 'zod';

/**
 * «Deudas» (issue 36, item 8): what each patient owes on her invoices, by the age of each invoice's date of issue
 * counted from the clinic's today. Money is integer cents; days are the clinic's calendar days (yyyy-mm-dd).
 */
export const DEBT_BUCKETS = ['upTo30', 'from31To60', 'from61To90', 'over90'] as const;
export type DebtBucket = (typeof DEBT_BUCKETS)[number];
export const DEBT_BUCKET_LABELS: Record<DebtBucket, string> = {
  upTo30: '0–30 días',
  from31To60: '31–60 días',
  from61To90: '61–90 días',
  over90: 'Más de 90 días',
};

/** Neither the report nor its CSV takes a parameter: both are of the clinic's today. */
export const debtsQuerySchema = z.strictObject({});

const bucketsSchema = z.object({
  upTo30: z.number(),
  from31To60: z.number(),
  from61To90: z.number(),
  over90: z.number(),
  totalCents: z.number(),
  /** The invoices with something owed. */
  invoices: z.number(),
});
export type DebtAmounts = z.infer<typeof bucketsSchema>;

export const debtsSchema = z.object({
  /** The clinic's today, from which the ages are counted, and its zone. */
  today: z.string(),
  timeZone: z.string(),
  patients: z.array(bucketsSchema.extend({ patientId: z.string(), patientName: z.string() })),
  totals: bucketsSchema,
  /** What each insurer's invoices («Liquidación de aseguradoras») still owe, by the same ages, and their total. */
  insurers: z.array(bucketsSchema.extend({ insurerId: z.string(), insurerName: z.string() })),
  insurerTotals: bucketsSchema,
});
export type Debts = z.infer<typeof debtsSchema>;
