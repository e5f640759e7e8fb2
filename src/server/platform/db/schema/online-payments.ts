import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEPOSIT_STATES } from '../../../../common/schemas/deposits';
import { accounts } from './auth';
import { appointments } from './appointments';
import { clinicServices } from './clinic-services';
import { invoices, payments } from './invoices';

/** A link to pay one invoice online (migration 0052): only the token's hash, and when it expires. */
export const paymentLinks = pgTable('payment_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: uuid('created_by').references(() => accounts.id),
});

/** One attempt to pay online through Redsys: its order number (unique), the invoice, the amount and the method. */
export const onlinePaymentAttempts = pgTable('online_payment_attempts', {
  id: uuid('id').primaryKey().defaultRandom(),
  redsysOrder: text('redsys_order').notNull().unique(),
  /** The invoice paid, or null for a booking's deposit (its advance invoice comes with the bank's notification). */
  invoiceId: uuid('invoice_id').references(() => invoices.id),
  depositId: uuid('deposit_id').references(() => bookingDeposits.id),
  amountCents: integer('amount_cents').notNull(),
  method: text('method', { enum: ['tarjeta', 'bizum'] }).notNull(),
  linkId: uuid('link_id').references(() => paymentLinks.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Redsys's first valid notification of an attempt, never changed (a duplicate meets the primary key). */
export const onlinePaymentOutcomes = pgTable('online_payment_outcomes', {
  attemptId: uuid('attempt_id')
    .primaryKey()
    .references(() => onlinePaymentAttempts.id),
  response: text('response').notNull(),
  authorised: boolean('authorised').notNull(),
  authorisationCode: text('authorisation_code').notNull().default(''),
  paymentId: uuid('payment_id')
    .unique()
    .references(() => payments.id),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/**
 * A booking's deposit (migration 0054, decision 0121): held until paid or its hold ends; paid with an advance
 * invoice; kept, or owed back and refunded through Redsys with a rectifying invoice, by its cancellation.
 */
export const bookingDeposits = pgTable('booking_deposits', {
  id: uuid('id').primaryKey().defaultRandom(),
  appointmentId: uuid('appointment_id')
    .notNull()
    .unique()
    .references(() => appointments.id),
  serviceId: uuid('service_id')
    .notNull()
    .references(() => clinicServices.id),
  amountCents: integer('amount_cents').notNull(),
  refundHours: integer('refund_hours').notNull(),
  state: text('state', { enum: DEPOSIT_STATES }).notNull().default('pendiente'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  invoiceId: uuid('invoice_id').references(() => invoices.id),
  paymentId: uuid('payment_id').references(() => payments.id),
  deductedInvoiceId: uuid('deducted_invoice_id').references(() => invoices.id),
  refundReason: text('refund_reason'),
  refundAttempts: integer('refund_attempts').notNull().default(0),
  refundError: text('refund_error'),
  refundTriedAt: timestamp('refund_tried_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  rectifyingInvoiceId: uuid('rectifying_invoice_id').references(() => invoices.id),
});
