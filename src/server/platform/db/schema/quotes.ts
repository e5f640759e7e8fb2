import { date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { VAT_TREATMENTS } from '../../../../common/schemas/clinic-services';
import type { Discount } from '../../../../common/schemas/invoices';
import { appointments } from './appointments';
import { accounts } from './auth';
import { clinicServices } from './clinic-services';
import { bytea, doctors } from './doctors';
import { invoices } from './invoices';
import { patients } from './patients';

/** Presupuestos (migration 0050): each year's counter, the quotes, their lines and the sessions done of them. */
export const quoteSeries = pgTable('quote_series', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    validUntil: date('valid_until').notNull(),
    notes: text('notes').notNull().default(''),
    discount: jsonb('discount').$type<Discount>(),
    discountCents: integer('discount_cents').notNull().default(0),
    baseCents: integer('base_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: ['borrador', 'enviado', 'aceptado', 'rechazado'] })
      .notNull()
      .default('borrador'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    acceptanceVia: text('acceptance_via', { enum: ['firma', 'papel'] }),
    signerName: text('signer_name'),
    signerDocument: text('signer_document'),
    signaturePng: bytea('signature_png'),
    signedSha256: text('signed_sha256'),
    recordedBy: uuid('recorded_by').references(() => accounts.id),
    upfrontInvoiceId: uuid('upfront_invoice_id').references(() => invoices.id),
  },
  (table) => [
    unique('quotes_year_sequence_key').on(table.year, table.sequence),
    index('quotes_patient_idx').on(table.patientId, table.createdAt),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id),
    position: integer('position').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => clinicServices.id),
    description: text('description').notNull(),
    /** The teeth or zones the line is for, as the doctor writes them («16, 17», «frente»). */
    detail: text('detail').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    vat: text('vat', { enum: VAT_TREATMENTS }).notNull(),
    discount: jsonb('discount').$type<Discount>(),
    discountCents: integer('discount_cents').notNull().default(0),
    invoiceDiscountCents: integer('invoice_discount_cents').notNull().default(0),
    baseCents: integer('base_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
  },
  (table) => [unique('quote_lines_position_key').on(table.quoteId, table.position)],
);

export const quoteSessions = pgTable(
  'quote_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteLineId: uuid('quote_line_id')
      .notNull()
      .references(() => quoteLines.id),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
    linkedBy: uuid('linked_by').references(() => accounts.id),
  },
  (table) => [index('quote_sessions_line_idx').on(table.quoteLineId)],
);
