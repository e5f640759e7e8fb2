import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
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
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id),
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
