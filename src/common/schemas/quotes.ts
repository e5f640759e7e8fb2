import { z } from 'zod';
import { VAT_TREATMENTS } from './clinic-services';
import { signatureSchema } from './consent-signing';
import { discountSchema } from './invoice-payers';
import { QUOTE_STATES } from '../quote-states';
import { oneLineString } from './one-line';

export { QUOTE_STATE_COLORS, QUOTE_STATE_LABELS, QUOTE_STATES, type QuoteState } from '../quote-states';

/** Days a quote is valid when the desk does not say: a month. */
export const QUOTE_DEFAULT_VALIDITY_DAYS = 30;
export const MAX_QUOTE_LINES = 30;
/** At most this many sessions on one line (a year's weekly physiotherapy). */
export const MAX_QUOTE_SESSIONS = 60;

export const quoteLineInputSchema = z.strictObject({
  serviceId: z.uuid({ error: 'Elige el servicio de la línea' }),
  quantity: z
    .number({ error: 'Indica cuántas sesiones' })
    .int('Las sesiones son un número entero')
    .min(1, 'Al menos una sesión')
    .max(MAX_QUOTE_SESSIONS, `Como máximo ${MAX_QUOTE_SESSIONS} sesiones por línea`),
  /** The teeth or zones («16 y 17», «frente y entrecejo»), as the doctor writes them. */
  detail: oneLineString({ error: 'Escribe las piezas o zonas' })
    .max(120, 'Las piezas o zonas no pueden superar los 120 caracteres')
    .default(''),
  discount: discountSchema.optional(),
});
export type QuoteLineInput = z.input<typeof quoteLineInputSchema>;

export const quoteInputSchema = z.strictObject({
  patientId: z.uuid({ error: 'Paciente no válido' }),
  /** The doctor who proposes the treatment (a doctor's own quote is hers, whatever this says). */
  doctorId: z.uuid({ error: 'Profesional no válido' }).nullable().optional(),
  lines: z
    .array(quoteLineInputSchema, { error: 'Añade al menos una línea' })
    .min(1, 'Añade al menos una línea')
    .max(MAX_QUOTE_LINES, `Como máximo ${MAX_QUOTE_LINES} líneas`),
  discount: discountSchema.optional(),
  /** The last day it may be accepted (yyyy-mm-dd, the clinic's); a month from today when not given. */
  validUntil: z.iso.date({ error: 'Fecha de validez no válida' }).optional(),
  notes: z
    .string({ error: 'Notas no válidas' })
    .trim()
    .max(1000, 'Las notas no pueden superar los 1000 caracteres')
    .default(''),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;

/** A draft changed: what it proposes (its patient and its doctor stay). */
export const quoteUpdateSchema = quoteInputSchema.omit({ patientId: true, doctorId: true });
export type QuoteUpdate = z.input<typeof quoteUpdateSchema>;

/** A service a quote may name: the clinic's active ones, with the price and VAT a new line copies. */
export const quoteServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  specialty: z.string(),
  priceCents: z.number(),
  vat: z.enum(VAT_TREATMENTS),
});
export type QuoteService = z.infer<typeof quoteServiceSchema>;

/**
 * One of her appointments that may become a session of a quote's line: not cancelled, not invoiced, not already a
 * session. A line takes those of its service or of none (`serviceId` null).
 */
export const linkableAppointmentSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  status: z.string(),
  serviceId: z.string().nullable(),
  serviceName: z.string().nullable(),
  doctorName: z.string(),
});
export type LinkableAppointment = z.infer<typeof linkableAppointmentSchema>;

/** The desk records an acceptance on paper: who signed and the day. */
export const paperAcceptanceSchema = z.strictObject({
  signerName: oneLineString({ error: 'Escribe quién firmó' })
    .min(3, 'Escribe quién firmó (al menos 3 caracteres)')
    .max(120, 'El nombre no puede superar los 120 caracteres'),
  signedOn: z.iso.date({ error: 'Indica el día en que se firmó' }),
});
export type PaperAcceptance = z.infer<typeof paperAcceptanceSchema>;

/** The patient accepts from the link: her name and document, and her signature (the consents' own fields). */
export const signedAcceptanceSchema = z.strictObject({
  signerName: oneLineString({ error: 'Escribe tu nombre completo' })
    .min(3, 'Escribe tu nombre completo (al menos 3 caracteres)')
    .max(120, 'El nombre no puede superar los 120 caracteres'),
  signerDocument: oneLineString({ error: 'Escribe tu número de documento' })
    .min(3, 'Escribe tu número de documento')
    .max(30, 'El documento no puede superar los 30 caracteres'),
  signature: signatureSchema,
});
export type SignedAcceptance = z.infer<typeof signedAcceptanceSchema>;

export const quoteSessionLinkSchema = z.strictObject({
  lineId: z.uuid({ error: 'Línea del presupuesto no válida' }),
  appointmentId: z.uuid({ error: 'Cita no válida' }),
});

export const quoteInvoiceInputSchema = z.strictObject({
  kind: z.enum(['completa', 'simplificada'], { error: 'Elige el tipo de factura' }).default('completa'),
});

export const quotesQuerySchema = z.strictObject({
  patientId: z.uuid({ error: 'Paciente no válido' }).optional(),
});

const sessionSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  status: z.string(),
  invoiceNumber: z.string().nullable(),
});

export const quoteLineSchema = z.object({
  id: z.string(),
  position: z.number(),
  serviceId: z.string(),
  description: z.string(),
  detail: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  vat: z.enum(VAT_TREATMENTS),
  discount: discountSchema.nullable(),
  discountCents: z.number(),
  invoiceDiscountCents: z.number(),
  baseCents: z.number(),
  taxCents: z.number(),
  sessions: z.array(sessionSchema),
  done: z.number(),
});

export const quoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  doctorId: z.string().nullable(),
  doctorName: z.string().nullable(),
  state: z.enum(QUOTE_STATES),
  createdAt: z.string(),
  validUntil: z.string(),
  notes: z.string(),
  discount: discountSchema.nullable(),
  discountCents: z.number(),
  baseCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  acceptance: z.object({ via: z.enum(['firma', 'papel']), signerName: z.string() }).nullable(),
  upfrontInvoiceNumber: z.string().nullable(),
  lines: z.array(quoteLineSchema),
  /** What is done, invoiced, paid and still to pay of it. */
  progress: z.object({
    sessionsPlanned: z.number(),
    sessionsDone: z.number(),
    invoicedCents: z.number(),
    paidCents: z.number(),
    pendingCents: z.number(),
  }),
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * What the link shows the patient, and nothing more (the page embeds it; decision 0126): the quote's number, state,
 * validity, doctor, total and acceptance, each line's treatment, sessions and amount, what is done, invoiced and paid
 * of it once accepted, and who it is for and from. No ids, no desk's notes, no sessions' appointments or invoices.
 */
export const quoteByLinkSchema = quoteSchema
  .pick({
    number: true,
    patientName: true,
    doctorName: true,
    state: true,
    validUntil: true,
    totalCents: true,
    acceptance: true,
    upfrontInvoiceNumber: true,
    progress: true,
  })
  .extend({
    clinicName: z.string(),
    lines: z.array(
      quoteLineSchema.pick({
        position: true,
        description: true,
        detail: true,
        quantity: true,
        done: true,
        baseCents: true,
        taxCents: true,
      }),
    ),
  });
export type QuoteByLink = z.infer<typeof quoteByLinkSchema>;

/** The acceptance rate: accepted of those that reached a patient (sent, decided or expired). */
const rateRow = {
  offered: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  expired: z.number(),
  /** Accepted ÷ offered, in whole per cent; null when none was offered. */
  ratePercent: z.number().nullable(),
  acceptedCents: z.number(),
};
export const quoteReportSchema = z.object({
  year: z.number(),
  months: z.array(z.object({ month: z.string(), ...rateRow })),
  doctors: z.array(z.object({ doctorId: z.string().nullable(), doctorName: z.string(), ...rateRow })),
});
export type QuoteReport = z.infer<typeof quoteReportSchema>;
export const quoteReportQuerySchema = z.strictObject({
  year: z.coerce
    .number({ error: 'Año no válido' })
    .int('Año no válido')
    .min(2000, 'Año no válido')
    .max(2100, 'Año no válido')
    .optional(),
});
