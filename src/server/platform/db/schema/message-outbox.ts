import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PhoneChannel } from '../../../../common/schemas/channels';
import { accounts } from './auth';
import { appointments } from './appointments';
import { OUTBOX_STATUSES } from './outbox';

/** The e-mail kept with a phone message, sent instead when the number is refused for good. */
export interface FallbackEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Every SMS and WhatsApp message (migration 0035): written in the transaction of the change that causes it,
 * delivered by a worker outside any transaction, like `mail_outbox`. Nothing is deleted.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    channel: text('channel').$type<PhoneChannel>().notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    /** E.164 (+34600000000). */
    toNumber: text('to_number').notNull(),
    /** The SMS text; for WhatsApp, the text the template renders (kept as the record of what was said). */
    body: text('body').notNull(),
    /** The approved WhatsApp template's body parameters, in order. */
    templateParams: jsonb('template_params').$type<string[]>().notNull().default([]),
    fallbackEmail: jsonb('fallback_email').$type<FallbackEmail | null>(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    /** Twilio's SID or WhatsApp's wamid, once the provider accepted it. */
    providerMessageId: text('provider_message_id'),
    /** The latest status a verified callback reported (delivered, read, failed, undelivered, …). */
    deliveryStatus: text('delivery_status'),
    deliveryUpdatedAt: timestamp('delivery_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('message_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'sending')`),
    index('message_outbox_appointment_idx').on(table.appointmentId, table.createdAt),
    /** A reply by phone is matched to the appointment of the last message sent to its number (migration 0058). */
    index('message_outbox_to_number_idx').on(table.toNumber, table.sentAt),
    uniqueIndex('message_outbox_provider_key').on(table.channel, table.providerMessageId),
  ],
);

/** Each verified status callback, once. */
export const messageStatusEvents = pgTable(
  'message_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<PhoneChannel>().notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique().on(table.channel, table.providerMessageId, table.status)],
);

/** One after-visit message per attended visit; the survey's answer when there is one. */
export const visitSurveys = pgTable(
  'visit_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id),
    channel: text('channel').notNull(),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    score: integer('score'),
    comment: text('comment'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The clinic's one reply by e-mail to the answer (migration 0036), with when and who sent it. */
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: uuid('replied_by').references(() => accounts.id),
  },
  (table) => [
    index('visit_surveys_answered_idx')
      .on(table.answeredAt)
      .where(sql`${table.answeredAt} IS NOT NULL`),
  ],
);
