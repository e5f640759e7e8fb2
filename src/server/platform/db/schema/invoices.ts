import {
  bigserial,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { VAT_TREATMENTS } from '../../../../common/schemas/clinic-services';
import { INVOICE_TYPES, INVOICE_PAYER_KINDS, type Discount } from '../../../../common/schemas/invoices';
import { PAYMENT_METHODS } from '../../../../common/schemas/payments';
import { BILLING_MODES } from '../../../../common/schemas/verifactu';
import { appointments } from './appointments';
import { accounts } from './auth';
import { clinicServices } from './clinic-services';
import { doctors } from './doctors';
import { patients } from './patients';

/**
 * Invoices, their lines, rectifications and cancellations, and the VERI*FACTU records (migration 0026). All
 * but the two counters are append-only: the database refuses UPDATE and DELETE on them.
 */

/** The per-series counter (`F2027`, `S2027`, `R2027`), taken inside the issuing transaction. */
export const invoiceSeries = pgTable('invoice_series', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export interface InvoiceParty {
  name: string;
  /** NIF, NIE or another document; absent on a simplified invoice. */
  taxId?: string;
  address?: string;
  registry?: string;
}

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    series: text('series')
      .notNull()
      .references(() => invoiceSeries.series),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    type: text('type', { enum: INVOICE_TYPES }).notNull(),
    issueDate: date('issue_date').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The patient invoiced or treated; null only on an invoice to an insurer, whose lines are many visits (0049). */
    patientId: uuid('patient_id').references(() => patients.id),
    issuer: jsonb('issuer').$type<InvoiceParty>().notNull(),
    recipient: jsonb('recipient').$type<InvoiceParty>(),
    description: text('description').notNull(),
    baseCents: integer('base_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    issuedBy: uuid('issued_by').references(() => accounts.id),
    /** Issued in pruebas (no fiscal value, the AEAT's test host) or in producción (migration 0040). */
    mode: text('mode', { enum: BILLING_MODES }).notNull().default('pruebas'),
    /** The days of the operations it invoices, when any differs from its date of issue (migration 0044). */
    operationDates: date('operation_dates').array().notNull().default([]),
    /** Who pays: the recipient is the patient, the guardian of a minor's booking or someone else (migration 0045). */
    payer: text('payer', { enum: INVOICE_PAYER_KINDS }).notNull().default('paciente'),
    /** The one treated, when not the patient's name (the child of a minor's booking). */
    treatedName: text('treated_name'),
    /** The invoice's discount as asked, and what it took off before VAT. */
    discount: jsonb('discount').$type<Discount>(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** IRPF withheld by a business payer: what the payer owes is the total less it. */
    withholdingRate: smallint('withholding_rate').notNull().default(0),
    withholdingCents: integer('withholding_cents').notNull().default(0),
  },
  (table) => [
    unique('invoices_series_sequence_key').on(table.series, table.sequence),
    index('invoices_patient_idx').on(table.patientId, table.issueDate),
    index('invoices_issue_date_idx').on(table.issueDate),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    vat: text('vat', { enum: VAT_TREATMENTS }).notNull(),
    baseCents: integer('base_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    serviceId: uuid('service_id').references(() => clinicServices.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    /** The line's discount as asked and what it took off; its share of the invoice's discount (migration 0045). */
    discount: jsonb('discount').$type<Discount>(),
    discountCents: integer('discount_cents').notNull().default(0),
    invoiceDiscountCents: integer('invoice_discount_cents').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.position] })],
);

export const invoiceRectifications = pgTable('invoice_rectifications', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  rectifiedInvoiceId: uuid('rectified_invoice_id')
    .notNull()
    .references(() => invoices.id),
  kind: text('kind', { enum: ['S', 'I'] }).notNull(),
  reason: text('reason').notNull(),
});

/** The simplified invoices an F3 replaces (FacturasSustituidas, migration 0044): each replaced once. */
export const invoiceSubstitutions = pgTable('invoice_substitutions', {
  substitutedInvoiceId: uuid('substituted_invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id),
});

export const invoiceCancellations = pgTable('invoice_cancellations', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  reason: text('reason').notNull(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull(),
  cancelledBy: uuid('cancelled_by').references(() => accounts.id),
});

/** Every VERI*FACTU record of an issuer, in the order generated; `record` as its XML is written from it. */
export const verifactuRecords = pgTable(
  'verifactu_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    issuerNif: text('issuer_nif').notNull(),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['alta', 'anulacion'] }).notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    record: jsonb('record').notNull(),
    huella: text('huella').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Each issuer has one chain per mode (migration 0040): producción starts from PrimerRegistro. */
    mode: text('mode', { enum: BILLING_MODES }).notNull().default('pruebas'),
  },
  (table) => [unique('verifactu_records_issuer_nif_mode_position_key').on(table.issuerNif, table.mode, table.position)],
);

/** Where each issuer's chain of each mode ends. */
export const verifactuChains = pgTable(
  'verifactu_chains',
  {
    issuerNif: text('issuer_nif').notNull(),
    mode: text('mode', { enum: BILLING_MODES }).notNull().default('pruebas'),
    lastRecordId: bigint('last_record_id', { mode: 'number' })
      .notNull()
      .references(() => verifactuRecords.id),
  },
  (table) => [primaryKey({ columns: [table.issuerNif, table.mode] })],
);

/** A payment against an invoice (migration 0027): append-only, like the invoice. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    day: date('day').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    note: text('note').notNull().default(''),
    receivedBy: uuid('received_by').references(() => accounts.id),
    /** A payment online (migration 0052): Redsys's order (one payment per order) and its authorisation code. */
    onlineOrder: text('online_order'),
    authorisationCode: text('authorisation_code'),
  },
  (table) => [index('payments_invoice_idx').on(table.invoiceId), index('payments_day_idx').on(table.day)],
);

/**
 * «Cierre de caja»: one row per shift closed (migration 0041), never changed: the payments it counted (their ids),
 * what they came to by method and what the desk counted.
 */
export const cashClosings = pgTable(
  'cash_closings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: date('day').notNull(),
    shift: smallint('shift').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closedBy: uuid('closed_by').references(() => accounts.id),
    expected: jsonb('expected').$type<Record<string, number>>().notNull(),
    counted: jsonb('counted').$type<Record<string, number>>().notNull(),
    note: text('note').notNull().default(''),
    paymentIds: uuid('payment_ids').array().notNull().default([]),
  },
  (table) => [
    unique('cash_closings_day_shift_key').on(table.day, table.shift),
    index('cash_closings_day_idx').on(table.day),
  ],
);

/** A closing reopened by an admin, with the reason (migration 0041): once, never changed. */
export const cashReopenings = pgTable('cash_reopenings', {
  closingId: uuid('closing_id')
    .primaryKey()
    .references(() => cashClosings.id),
  reason: text('reason').notNull(),
  reopenedAt: timestamp('reopened_at', { withTimezone: true }).notNull(),
  reopenedBy: uuid('reopened_by').references(() => accounts.id),
});

/**
 * A correction of an invoice's data after the AEAT rejected its record or registered it with errors (migration
 * 0043): the data from then on (recipient, description) and the record that carried it. Append-only.
 */
export const invoiceCorrections = pgTable(
  'invoice_corrections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    correctedRecordId: bigint('corrected_record_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => verifactuRecords.id),
    recordId: bigint('record_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => verifactuRecords.id),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    recipient: jsonb('recipient').$type<InvoiceParty>(),
    description: text('description').notNull(),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull(),
    correctedBy: uuid('corrected_by').references(() => accounts.id),
  },
  (table) => [index('invoice_corrections_invoice_idx').on(table.invoiceId, table.id)],
);

/** The AEAT's answer for a record, or where its sending stands (migration 0028). */
export const SUBMISSION_STATUSES = ['pendiente', 'enviando', 'aceptado', 'aceptado_con_errores', 'rechazado'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Each record's send state: the record itself is never changed. */
export const verifactuSubmissions = pgTable(
  'verifactu_submissions',
  {
    recordId: bigint('record_id', { mode: 'number' })
      .primaryKey()
      .references(() => verifactuRecords.id),
    issuerNif: text('issuer_nif').notNull(),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('pendiente'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastErrorCode: text('last_error_code'),
    lastErrorDescription: text('last_error_description'),
    csv: text('csv'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    fault: boolean('fault').notNull().default(false),
    correctedBy: bigint('corrected_by', { mode: 'number' }).references(() => verifactuRecords.id),
    mode: text('mode', { enum: BILLING_MODES }).notNull().default('pruebas'),
    /** Generated while the AEAT could not be reached, or given back after such an attempt (Incidencia = S). */
    incident: boolean('incident').notNull().default(false),
  },
  (table) => [
    index('verifactu_submissions_due_idx').on(table.issuerNif, table.mode, table.status, table.nextAttemptAt),
  ],
);

/**
 * Per issuer and mode: no submission before `notBefore` (TiempoEsperaEnvio, a claim, a back-off), and the last
 * answer.
 */
export const verifactuSendWindows = pgTable(
  'verifactu_send_windows',
  {
    issuerNif: text('issuer_nif').notNull(),
    mode: text('mode', { enum: BILLING_MODES }).notNull().default('pruebas'),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    lastAnswerAt: timestamp('last_answer_at', { withTimezone: true }),
    lastStatus: text('last_status'),
    lastCsv: text('last_csv'),
    lastWaitSeconds: integer('last_wait_seconds'),
    lastError: text('last_error'),
  },
  (table) => [primaryKey({ columns: [table.issuerNif, table.mode] })],
);

/** «Incidencias» (migration 0040): each time the AEAT could not be reached, from the first failure to the next answer. */
export const verifactuOutages = pgTable(
  'verifactu_outages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    issuerNif: text('issuer_nif').notNull(),
    mode: text('mode', { enum: BILLING_MODES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    reason: text('reason').notNull(),
    lastError: text('last_error').notNull(),
  },
  (table) => [index('verifactu_outages_started_idx').on(table.startedAt)],
);
