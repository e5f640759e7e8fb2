import { z } from 'zod';
import { taxIdField } from './tax-id-field';
import { VAT_TREATMENTS } from './clinic-services';
import { discountSchema, PAYER_KINDS, partySchema, payerSchema } from './invoice-payers';
import { BILLING_MODES } from './verifactu';

// The desk's free hand (discounts, another payer, IRPF, the preview) lives in invoice-payers.ts; read from here too.
export * from './invoice-payers';

/**
 * Invoices (issue «Billing»): what the desk asks for and what the screens and the integration API read.
 * Money is integer cents; dates are the clinic's calendar days (yyyy-mm-dd).
 */
export const INVOICE_KINDS = ['completa', 'simplificada'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_TYPES = ['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = {
  F1: 'Factura completa',
  F2: 'Factura simplificada',
  F3: 'Factura completa en sustitución de simplificadas',
  R1: 'Rectificativa (error fundado en derecho)',
  R2: 'Rectificativa (concurso)',
  R3: 'Rectificativa (crédito incobrable)',
  R4: 'Rectificativa',
  R5: 'Rectificativa de simplificada',
};

/** A rectifying invoice's type: R5 corrects a simplified invoice, R1–R4 a complete one (art. 15 RD 1619/2012). */
export const RECTIFYING_TYPES = ['R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type RectifyingType = (typeof RECTIFYING_TYPES)[number];
export const rectifyingTypesFor = (original: InvoiceType): readonly RectifyingType[] =>
  original === 'F2' ? ['R5'] : ['R1', 'R2', 'R3', 'R4'];

/** By difference, the rectifying invoice carries what changes (negative to give back); by substitution, the new amounts. */
export const RECTIFICATION_METHODS = ['diferencias', 'sustitucion'] as const;
export type RectificationMethod = (typeof RECTIFICATION_METHODS)[number];
export const RECTIFICATION_METHOD_LABELS: Record<RectificationMethod, string> = {
  diferencias: 'Por diferencias',
  sustitucion: 'Por sustitución',
};

/** What an invoice is now: as issued, or cancelled (anulada) — it is never changed either way. */
export const INVOICE_STATES = ['emitida', 'anulada'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = { emitida: 'Emitida', anulada: 'Anulada' };

/**
 * What an invoice's account says of its money (issue 36, item 8), worked out by the server from the payments and
 * refunds: an original carries the account of itself and its rectifying invoices; a rectifying invoice and an F3
 * read as what they are (their money is on the original's or the simplified invoices' account).
 */
export const COLLECTION_STATES = [
  'pendiente',
  'pago_parcial',
  'pagada',
  'a_devolver',
  'anulada',
  'rectificativa',
  'sustitutiva',
] as const;
export type CollectionState = (typeof COLLECTION_STATES)[number];
export const COLLECTION_STATE_LABELS: Record<CollectionState, string> = {
  pendiente: 'Pendiente',
  pago_parcial: 'Pago parcial',
  pagada: 'Pagada',
  a_devolver: 'A devolver',
  anulada: 'Anulada',
  rectificativa: 'Rectificativa',
  sustitutiva: 'Sustitutiva',
};
/** The list's filter: a collection state, or «por cobrar» (pending or partly paid). */
export const COLLECTION_FILTERS = [
  'por_cobrar',
  'pendiente',
  'pago_parcial',
  'pagada',
  'a_devolver',
  'anulada',
] as const;
export type CollectionFilter = (typeof COLLECTION_FILTERS)[number];
export const COLLECTION_FILTER_LABELS: Record<CollectionFilter, string> = {
  por_cobrar: 'Por cobrar (pendiente o parcial)',
  pendiente: 'Pendiente',
  pago_parcial: 'Pago parcial',
  pagada: 'Pagada',
  a_devolver: 'A devolver',
  anulada: 'Anulada',
};

/** The largest simplified invoice, VAT included (RD 1619/2012, art. 4.1). */
export const SIMPLIFIED_LIMIT_CENTS = 400_00;
/** The AEAT's record carries at most 12 breakdown lines; an invoice's lines are kept to a sensible count. */
export const MAX_INVOICE_LINES = 30;
/**
 * The largest line (quantity × price) and the largest invoice, VAT included, in either sign: far above any clinic's
 * bill, far below what the books' integer columns hold (30 lines at the most stay under 2^31 cents).
 */
export const MAX_LINE_CENTS = 10_000_000;
export const MAX_INVOICE_CENTS = 100_000_000;
export const LINE_TOO_LARGE = 'Una línea no puede superar los 100 000 € (cantidad × precio)';
export const INVOICE_TOO_LARGE = 'El total de la factura no puede superar 1 000 000 €';

/** Lines within bounds: each at most MAX_LINE_CENTS, all of them (before VAT) at most MAX_INVOICE_CENTS. */
const withinBounds = (lines: { quantity: number; unitPriceCents: number }[] | undefined, context: z.RefinementCtx) => {
  let sum = 0;
  (lines ?? []).forEach((line, index) => {
    const amount = Math.abs(line.quantity * line.unitPriceCents);
    sum += amount;
    if (amount > MAX_LINE_CENTS) {
      context.addIssue({ code: 'custom', message: LINE_TOO_LARGE, path: ['lines', index, 'unitPriceCents'] });
    }
  });
  if (sum > MAX_INVOICE_CENTS) context.addIssue({ code: 'custom', message: INVOICE_TOO_LARGE, path: ['lines'] });
};

const money = (label: string) =>
  z
    .number({ error: `${label}: escribe un importe` })
    .int(`${label}: el importe va en céntimos enteros`)
    .min(0, `${label}: no puede ser negativo`)
    .max(10_000_000, `${label}: como máximo 100 000 €`);

/** A line typed by hand (a product, a report): its description, quantity, unit price and VAT. */
export const manualLineSchema = z.strictObject({
  description: z
    .string({ error: 'Describe la línea' })
    .trim()
    .min(2, 'Describe la línea (al menos 2 caracteres)')
    .max(200, 'La descripción no puede superar los 200 caracteres'),
  quantity: z
    .number({ error: 'Indica la cantidad' })
    .int('La cantidad debe ser un número entero')
    .min(1, 'La cantidad mínima es 1')
    .max(999, 'La cantidad máxima es 999'),
  unitPriceCents: money('Precio'),
  vat: z.enum(VAT_TREATMENTS, { error: 'Elige el IVA de la línea' }),
  discount: discountSchema.optional(),
});
export type ManualLine = z.infer<typeof manualLineSchema>;

const uuid = (message: string) => z.uuid({ error: message });

const reasonOf = (what: string) =>
  z
    .string({ error: `Indica el motivo de la ${what}` })
    .trim()
    .min(5, `Indica el motivo de la ${what} (al menos 5 caracteres)`)
    .max(500, 'El motivo no puede superar los 500 caracteres');

/** A rectifying invoice's line: by difference its price may be negative (what is given back), never zero. */
export const rectifyingLineSchema = manualLineSchema.omit({ discount: true }).extend({
  unitPriceCents: z
    .number({ error: 'Precio: escribe un importe' })
    .int('Precio: el importe va en céntimos enteros')
    .min(-10_000_000, 'Precio: como mínimo −100 000 €')
    .max(10_000_000, 'Precio: como máximo 100 000 €')
    .refine((cents) => cents !== 0, 'Precio: no puede ser cero'),
});

export const rectifyInvoiceSchema = z
  .strictObject({
    type: z.enum(RECTIFYING_TYPES, { error: 'Elige el tipo de rectificativa' }),
    method: z.enum(RECTIFICATION_METHODS, { error: 'Elige por diferencias o por sustitución' }),
    reason: reasonOf('rectificación'),
    lines: z
      .array(rectifyingLineSchema, { error: 'Añade las líneas de la rectificativa' })
      .min(1, 'Añade al menos una línea')
      .max(MAX_INVOICE_LINES, `Como máximo ${MAX_INVOICE_LINES} líneas`),
  })
  .refine((body) => body.method === 'diferencias' || body.lines.every((line) => line.unitPriceCents > 0), {
    message: 'Por sustitución, las líneas llevan los importes correctos, sin negativos',
    path: ['lines'],
  })
  .superRefine((body, context) => withinBounds(body.lines, context));
export type RectifyInvoiceInput = z.input<typeof rectifyInvoiceSchema>;

export const issueInvoiceSchema = z
  .strictObject({
    patientId: uuid('Elige el paciente'),
    appointmentIds: z
      .array(uuid('Cita no válida'), { error: 'Indica las citas a facturar' })
      .max(MAX_INVOICE_LINES, `Como máximo ${MAX_INVOICE_LINES} citas en una factura`)
      .default([]),
    /** For an attended appointment booked without a service: the service it is invoiced as. */
    appointmentServices: z.record(z.uuid(), uuid('Servicio no válido')).optional(),
    /** A discount on a visit's line, by appointment. */
    appointmentDiscounts: z.record(z.uuid(), discountSchema).optional(),
    lines: z.array(manualLineSchema).max(MAX_INVOICE_LINES, `Como máximo ${MAX_INVOICE_LINES} líneas`).optional(),
    /** A discount on the whole invoice, shared among its lines in proportion to their bases. */
    discount: discountSchema.optional(),
    kind: z.enum(INVOICE_KINDS, { error: 'Elige factura completa o simplificada' }),
    /** The patient when absent. */
    payer: payerSchema.optional(),
  })
  .refine((body) => !body.payer || body.payer.kind === 'paciente' || body.kind === 'completa', {
    message: 'Una factura a nombre de otra persona o empresa es completa: elige «Completa»',
    path: ['kind'],
  })
  .refine((body) => body.appointmentIds.length + (body.lines?.length ?? 0) > 0, {
    message: 'Añade al menos una cita o una línea a la factura',
    path: ['appointmentIds'],
  })
  .superRefine((body, context) => withinBounds(body.lines, context));
export type IssueInvoiceInput = z.input<typeof issueInvoiceSchema>;

export const cancelInvoiceSchema = z.strictObject({ reason: reasonOf('anulación') });

/** «Emitir factura completa» of a simplified invoice: with it, other simplified invoices of the same patient. */
export const substituteInvoiceSchema = z.strictObject({
  alsoInvoiceIds: z
    .array(uuid('Factura no válida'), { error: 'Indica las otras facturas simplificadas' })
    .max(MAX_INVOICE_LINES - 1, `Como máximo ${MAX_INVOICE_LINES} facturas en una completa`)
    .default([]),
});
export type SubstituteInvoiceInput = z.input<typeof substituteInvoiceSchema>;

export const invoiceLineSchema = z.object({
  position: z.number(),
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  vat: z.enum(VAT_TREATMENTS),
  baseCents: z.number(),
  taxCents: z.number(),
  appointmentId: z.string().nullable(),
  doctorName: z.string().nullable(),
  /** The line's own discount as asked, and what it took off quantity × price. */
  discount: discountSchema.nullable(),
  discountCents: z.number(),
  /** Its share of the invoice's discount: base = quantity × price − discountCents − invoiceDiscountCents. */
  invoiceDiscountCents: z.number(),
});

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  type: z.enum(INVOICE_TYPES),
  issueDate: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  baseCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  /** What has been paid of it; a cancelled invoice owes nothing, whatever was paid. */
  paidCents: z.number(),
  /**
   * What the patient still owes on the account of an original invoice and its rectifying ones (negative: what the
   * clinic is to give back); 0 on a rectifying invoice, whose account is its original's.
   */
  outstandingCents: z.number(),
  /** The number of the invoice this one rectifies; null on an original. */
  rectifies: z.string().nullable(),
  /** The number of the complete invoice (F3) that replaced this simplified one; null on any other. */
  substitutedByNumber: z.string().nullable(),
  /** What it invoices: its lines' descriptions, in order («Primera visita — 12/01/2027, Dra. Ana Ruiz»). */
  concept: z.string(),
  state: z.enum(INVOICE_STATES),
  /** What its account says of its money: «Pagada», «Pago parcial», «Pendiente»… */
  collection: z.enum(COLLECTION_STATES),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  issuedAt: z.string(),
  issuer: partySchema.extend({ registry: z.string() }),
  /** A complete invoice's recipient; a simplified one may have none. */
  recipient: partySchema.nullable(),
  description: z.string(),
  lines: z.array(invoiceLineSchema),
  cancellation: z.object({ reason: z.string(), cancelledAt: z.string() }).nullable(),
  /** What a rectifying invoice rectifies, how and why. */
  rectification: z
    .object({
      number: z.string(),
      issueDate: z.string(),
      method: z.enum(RECTIFICATION_METHODS),
      reason: z.string(),
      /** By substitution: the base and tax of the invoice it replaces. */
      substituted: z.object({ baseCents: z.number(), taxCents: z.number() }).nullable(),
    })
    .nullable(),
  /** The rectifying invoices that name this one. */
  rectifiedBy: z.array(z.object({ id: z.string(), number: z.string() })),
  /** An F3's simplified invoices, which it replaces (FacturasSustituidas). */
  substitutes: z.array(z.object({ id: z.string(), number: z.string(), issueDate: z.string() })),
  /** The F3 that replaced this simplified invoice. */
  substitutedBy: z.object({ id: z.string(), number: z.string() }).nullable(),
  /** The days of the operations, when any differs from the date of issue (yyyy-mm-dd, in order). */
  operationDates: z.array(z.string()),
  /** Who pays: the recipient is the patient, her guardian or someone else; the patient is the one treated. */
  payer: z.enum(PAYER_KINDS),
  /** The one treated, as the PDF names her (the child of a minor's booking, else the patient). */
  treatedName: z.string(),
  /** The invoice's discount as asked and what it took off, before VAT. */
  discount: discountSchema.nullable(),
  discountCents: z.number(),
  /** IRPF withheld by a business payer (0 when none): «Total a pagar» is the total less it. */
  withholdingRate: z.number(),
  withholdingCents: z.number(),
  amountDueCents: z.number(),
  /** The AEAT's verification address the QR encodes (the test host for an invoice issued in pruebas). */
  verificationUrl: z.string(),
  /** Issued in pruebas (no fiscal value: its PDF says «SIN VALOR FISCAL — PRUEBAS») or in producción. */
  mode: z.enum(BILLING_MODES),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

const isoDay = (message: string) => z.iso.date({ error: message });

export const invoiceListQuerySchema = z.strictObject({
  from: isoDay('Fecha «desde» no válida').optional(),
  to: isoDay('Fecha «hasta» no válida').optional(),
  series: z
    .string()
    .regex(/^[A-Z]{1,3}\d{4}[A-Z]?$/, 'Serie no válida')
    .optional(),
  patientId: uuid('Paciente no válido').optional(),
  doctorId: uuid('Profesional no válido').optional(),
  serviceId: uuid('Servicio no válido').optional(),
  state: z.enum(INVOICE_STATES, { error: 'Estado no válido' }).optional(),
  collection: z.enum(COLLECTION_FILTERS, { error: 'Estado de cobro no válido' }).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceExportQuerySchema = invoiceListQuerySchema.extend({
  formato: z.enum(['hoja', 'csv'], { error: 'Formato no válido: hoja o csv' }).default('hoja'),
});

/** An attended visit not yet invoiced, as the patient's page offers it to «Facturar». */
export const billableVisitSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  doctorName: z.string(),
  service: z.object({ id: z.string(), name: z.string(), priceCents: z.number() }).nullable(),
});
export type BillableVisit = z.infer<typeof billableVisitSchema>;

/** Appointments asked at once by the desk's screens (a diary's day, the calendar's drawer): a 3.7 kB address. */
export const MAX_APPOINTMENTS_PER_LOOKUP = 100;
const TOO_MANY_APPOINTMENTS = `Como máximo ${MAX_APPOINTMENTS_PER_LOOKUP} citas a la vez`;

/** `?ids=a,b,c`: the appointments whose invoice the desk asks for. */
export const appointmentInvoicesQuerySchema = z.strictObject({
  ids: z
    .string({ error: 'Indica las citas' })
    // 36 characters and a comma each: a longer address is refused before it is split.
    .max(MAX_APPOINTMENTS_PER_LOOKUP * 37, TOO_MANY_APPOINTMENTS)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(
      z
        .array(uuid('Identificador de cita no válido'))
        .min(1, 'Indica al menos una cita')
        .max(MAX_APPOINTMENTS_PER_LOOKUP, TOO_MANY_APPOINTMENTS),
    ),
});

/** The invoice that holds an appointment and stands (not cancelled): the desk shows it instead of «Facturar». */
export const appointmentInvoiceSchema = z.object({
  appointmentId: z.string(),
  invoiceId: z.string(),
  number: z.string(),
});
export type AppointmentInvoice = z.infer<typeof appointmentInvoiceSchema>;
/** A visit that used a session of a pack (issue 36, item 3): the desk shows «Bono 3/10» instead of «Facturar». */
export const appointmentPackSessionSchema = z.object({
  appointmentId: z.string(),
  packId: z.string(),
  number: z.number(),
  sessions: z.number(),
});
/** Only the invoiced appointments are named: one not listed is not on an invoice that stands. */
export const appointmentInvoicesSchema = z.object({
  invoices: z.array(appointmentInvoiceSchema),
  /** The asked visits that used a session of a pack (never invoiced for it). */
  packSessions: z.array(appointmentPackSessionSchema),
});
export type AppointmentInvoices = z.infer<typeof appointmentInvoicesSchema>;
export type AppointmentPackSession = z.infer<typeof appointmentPackSessionSchema>;

export const invoiceListSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
  totals: z.object({ count: z.number(), baseCents: z.number(), taxCents: z.number(), totalCents: z.number() }),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** The issuer of the clinic's invoices: set once in «Facturación», audited when it changes. */
export const issuerSchema = z.strictObject({
  legalName: z
    .string({ error: 'Escribe la razón social' })
    .trim()
    .min(2, 'La razón social debe tener al menos 2 caracteres')
    .max(120, 'La razón social no puede superar los 120 caracteres'),
  taxId: taxIdField('Escribe el NIF'),
  address: z
    .string({ error: 'Escribe la dirección fiscal' })
    .trim()
    .min(5, 'Escribe la dirección fiscal completa')
    .max(200, 'La dirección no puede superar los 200 caracteres'),
  /** Registro Mercantil data of a company (tomo, folio, hoja); empty for a professional. */
  registry: z.string().trim().max(200, 'Los datos registrales no pueden superar los 200 caracteres'),
  /**
   * What the records tell the AEAT the clinic sold (DescripcionOperacion); empty: «Servicios sanitarios». Never the
   * care of a patient: the lines' services stay on the invoice.
   */
  operationDescription: z
    .string({ error: 'Escribe cómo se describe el servicio' })
    .trim()
    .max(200, 'La descripción del servicio no puede superar los 200 caracteres')
    .default(''),
  /**
   * The IRPF a business paying the clinic withholds (a professional issuer, art. 101 LIRPF): 15 %, 7 % the first
   * three years, 0 when the issuer is a company or not subject.
   */
  withholdingRate: z
    .union([z.literal(0), z.literal(7), z.literal(15)], { error: 'Retención IRPF: 0, 7 o 15 %' })
    .default(0),
});
export type Issuer = z.output<typeof issuerSchema>;

export const issuerResponseSchema = z.object({
  legalName: z.string(),
  taxId: z.string(),
  address: z.string(),
  registry: z.string(),
  operationDescription: z.string(),
  withholdingRate: z.number(),
});

/** What the AEAT made of a submission, as the admin screen shows it (the answer's EstadoEnvio, or a failure). */
export const verifactuAnswerSchema = z.object({
  at: z.string(),
  /** Correcto, ParcialmenteCorrecto, Incorrecto; «Sin respuesta» (retried later) or «Rechazado» (a SOAP Fault). */
  status: z.string(),
  csv: z.string().nullable(),
  waitSeconds: z.number().nullable(),
  error: z.string().nullable(),
});

/**
 * One VERI*FACTU chain (an issuer in a billing mode: pruebas and producción are chains of their own): recomputed,
 * its last record, and how far the sending to the AEAT has gone.
 */
export const chainStateSchema = z.object({
  issuerNif: z.string(),
  mode: z.enum(BILLING_MODES),
  records: z.number(),
  /** null when the chain verifies; else the first broken record, named. */
  broken: z.string().nullable(),
  last: z
    .object({ kind: z.enum(['alta', 'anulacion']), number: z.string(), generatedAt: z.string(), huella: z.string() })
    .nullable(),
  /** Records not yet answered by the AEAT («pendiente de envío», including a submission under way). */
  pendingSubmission: z.number(),
  /** Accepted (Correcto), accepted with errors (AceptadoConErrores) and rejected (Incorrecto) by the AEAT. */
  accepted: z.number(),
  acceptedWithErrors: z.number(),
  rejected: z.number(),
  /**
   * Of the rejected, those refused with the whole request by a SOAP Fault of the client's (an error of ours, not of
   * the invoice): they wait for a person to send them again (POST /api/verifactu/resend) once the cause is fixed.
   */
  faultRejected: z.number(),
  lastAnswer: verifactuAnswerSchema.nullable(),
  /** No submission of this issuer before then (the last TiempoEsperaEnvio or a retry's back-off). */
  nextSubmissionAt: z.string().nullable(),
  /** Of the pending, those generated or given back while the AEAT could not be reached (sent with Incidencia = S). */
  pendingIncident: z.number(),
});
export type ChainState = z.infer<typeof chainStateSchema>;

/** GET /api/verifactu/state: whether a certificate is configured (without one nothing is sent) and every chain. */
export const verifactuStateSchema = z.object({
  certificateConfigured: z.boolean(),
  /** The clinic's billing mode (pruebas: the AEAT's test environment; producción: its production one). */
  environment: z.enum(BILLING_MODES),
  /** The clinic's NIF now: only its chain is sent (a chain under an earlier NIF is kept and shown, not sent). */
  issuerNif: z.string(),
  chains: z.array(chainStateSchema),
});
export type VerifactuState = z.infer<typeof verifactuStateSchema>;

/** POST /api/verifactu/resend: how many records refused by a Client Fault went back to «pendiente de envío». */
export const verifactuResendSchema = z.object({ requeued: z.number().int().min(0) });
export type VerifactuResend = z.infer<typeof verifactuResendSchema>;
