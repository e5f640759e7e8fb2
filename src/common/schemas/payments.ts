import { z } from 'zod';

/** How a patient pays at the desk. */
export const PAYMENT_METHODS = ['efectivo', 'tarjeta', 'transferencia', 'bizum'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  bizum: 'Bizum',
};

const cents = (label: string) =>
  z
    .number({ error: `${label}: escribe un importe` })
    .int(`${label}: el importe va en céntimos enteros`)
    .max(10_000_000, `${label}: como máximo 100 000 €`);

/** A payment against an invoice: all of what is owed or part of it; never more, never negative. */
export const paymentInputSchema = z.strictObject({
  method: z.enum(PAYMENT_METHODS, { error: 'Elige cómo paga: efectivo, tarjeta, transferencia o Bizum' }),
  amountCents: cents('Importe').min(1, 'El importe debe ser mayor que cero'),
  note: z.string().trim().max(200, 'La nota no puede superar los 200 caracteres').default(''),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  paidAt: z.string(),
  day: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number(),
  note: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** What an invoice has been paid and what is still owed (a cancelled one owes nothing). */
export const invoicePaymentsSchema = z.object({
  totalCents: z.number(),
  paidCents: z.number(),
  outstandingCents: z.number(),
  payments: z.array(paymentSchema),
});
export type InvoicePayments = z.infer<typeof invoicePaymentsSchema>;

const byMethod = z.object(
  Object.fromEntries(PAYMENT_METHODS.map((method) => [method, z.number()])) as Record<PaymentMethod, z.ZodNumber>,
);
export type AmountsByMethod = z.infer<typeof byMethod>;

/** One shift's closing: what its payments came to, what the desk counted, the difference, and its reopening. */
export const cashClosingSchema = z.object({
  id: z.string(),
  /** 1, 2…: the day's closings in order, reopened ones included. */
  shift: z.number(),
  closedAt: z.string(),
  closedByName: z.string().nullable(),
  /** How many payments it counted. */
  payments: z.number(),
  expected: byMethod,
  counted: byMethod,
  /** Counted less expected, by method: negative when money is missing. */
  difference: byMethod,
  expectedCents: z.number(),
  countedCents: z.number(),
  differenceCents: z.number(),
  note: z.string(),
  /** Reopened by an admin, with the reason: its payments went back to the open shift. */
  reopened: z.object({ at: z.string(), byName: z.string().nullable(), reason: z.string() }).nullable(),
});
export type CashClosing = z.infer<typeof cashClosingSchema>;

/**
 * «Cierre de caja» of one day: the day's takings by method and by doctor, the closings of its shifts, and what the
 * open shift holds (the payments no standing closing counted), which the next closing counts.
 */
export const cashDaySchema = z.object({
  day: z.string(),
  expected: byMethod,
  totalCents: z.number(),
  payments: z.number(),
  byDoctor: z.array(z.object({ doctorId: z.string().nullable(), doctorName: z.string(), amountCents: z.number() })),
  open: z.object({ expected: byMethod, totalCents: z.number(), payments: z.number() }),
  closings: z.array(cashClosingSchema),
});
export type CashDay = z.infer<typeof cashDaySchema>;

export const cashDayQuerySchema = z.strictObject({
  day: z.iso.date({ error: 'Día no válido (AAAA-MM-DD)' }),
});

export const cashCloseSchema = z.strictObject({
  day: z.iso.date({ error: 'Día no válido (AAAA-MM-DD)' }),
  counted: z.strictObject(
    Object.fromEntries(
      PAYMENT_METHODS.map((method) => [
        method,
        cents(`Contado: ${PAYMENT_METHOD_LABELS[method].toLowerCase()}`).min(0, 'Lo contado no puede ser negativo'),
      ]),
    ) as Record<PaymentMethod, z.ZodNumber>,
  ),
  note: z.string().trim().max(500, 'La nota no puede superar los 500 caracteres').default(''),
});
export type CashCloseInput = z.input<typeof cashCloseSchema>;

/** An admin reopens a closing: the reason is kept with it and in the audit log. */
export const cashReopenSchema = z.strictObject({
  reason: z
    .string({ error: 'Escribe el motivo de la reapertura' })
    .trim()
    .min(5, 'Escribe el motivo de la reapertura (al menos 5 caracteres)')
    .max(500, 'El motivo no puede superar los 500 caracteres'),
});
export type CashReopenInput = z.input<typeof cashReopenSchema>;
