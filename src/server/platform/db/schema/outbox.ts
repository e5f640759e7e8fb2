import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** An attachment as stored: text as is, binary content in base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
}

/**
 * Every e-mail the application sends, rendered when the change that causes it commits (the row is written
 * in that change's transaction) and delivered by a worker outside any transaction. Nothing is deleted: a
 * sent or failed message stays as the record of what left and what did not.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What caused it: `appointment-received`, `reminder`, `password-reset`, `invitation`, … */
    kind: text('kind').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    /** Delivery attempts started (a claim is an attempt, so a message that crashes its worker is counted). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When a worker may next take it: for `pending`, the next attempt (after the back-off); for `sending`,
     * the end of the lease, after which a crashed worker's message is taken again.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Not before this instant (an undo window may hold it and cancel it before it leaves). */
    deliverAfter: timestamp('deliver_after', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'sending')`),
    index('mail_outbox_appointment_idx').on(table.appointmentId, table.createdAt),
    check('mail_outbox_status', sql`${table.status} IN ('pending', 'sending', 'sent', 'failed', 'cancelled')`),
  ],
);
