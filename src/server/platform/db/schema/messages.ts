import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_SIDES, REPLY_OUTCOMES, REPLY_RULES } from '../../../../common/schemas/messages';
import type { PhoneChannel } from '../../../../common/schemas/channels';
import { accounts } from './auth';
import { appointments } from './appointments';
import { messageOutbox } from './message-outbox';
import { patients } from './patients';

/** The one conversation between a patient record and the clinic. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    /** The staff member who answers it, if someone took it. */
    assignedTo: uuid('assigned_to').references(() => accounts.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('conversations_patient_key').on(table.patientId),
    index('conversations_last_message_idx').on(table.lastMessageAt),
  ],
);

/**
 * One message; its id comes from the sender's browser so a retried send is stored once. A message that came or went
 * by SMS or WhatsApp (migration 0058) names its channel; a patient's reply by phone has no author account.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    authorId: uuid('author_id').references(() => accounts.id),
    side: text('side', { enum: MESSAGE_SIDES }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the other side opened the conversation with this message in it. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** A staff reply left unread: when its «tienes un mensaje» e-mail was written to the outbox. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** SMS or WhatsApp: the patient's reply by phone, or the clinic's message sent that way; null in the chat. */
    channel: text('channel').$type<PhoneChannel>(),
    /** The appointment a reply by phone was matched to. */
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    /** What the reply did by rule: confirmed, cancelled, or asked to change the appointment. */
    appliedRule: text('applied_rule', { enum: REPLY_RULES }),
    /** The outbox row that carries a clinic's message by phone (its delivery status: sent, delivered, read). */
    outboxId: uuid('outbox_id').references(() => messageOutbox.id),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.createdAt),
    index('messages_unread_idx')
      .on(table.conversationId, table.side)
      .where(sql`${table.readAt} IS NULL`),
    index('messages_unnotified_idx')
      .on(table.createdAt)
      .where(sql`${table.readAt} IS NULL AND ${table.notifiedAt} IS NULL AND ${table.side} = 'staff'`),
    check('messages_side', sql`${table.side} IN ('patient', 'staff')`),
    check('messages_author_check', sql`${table.authorId} IS NOT NULL OR ${table.channel} IS NOT NULL`),
  ],
);

/**
 * Every SMS or WhatsApp message a patient sent to the clinic's number (migration 0058), recorded once by the
 * provider's id; the patient and appointment it was matched to (none: the desk's «sin paciente» list until someone
 * links it), what was done with it, and the chat message it became.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<PhoneChannel>().notNull(),
    /** Twilio's MessageSid or WhatsApp's wamid. */
    providerMessageId: text('provider_message_id').notNull(),
    /** E.164. */
    fromNumber: text('from_number').notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    patientId: uuid('patient_id').references(() => patients.id),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    outcome: text('outcome', { enum: REPLY_OUTCOMES }).notNull(),
    messageId: uuid('message_id').references(() => messages.id),
    /** Who linked an unmatched message to a patient, and when. */
    linkedBy: uuid('linked_by').references(() => accounts.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (table) => [
    unique('inbound_messages_provider_key').on(table.channel, table.providerMessageId),
    index('inbound_messages_unmatched_idx')
      .on(table.receivedAt)
      .where(sql`${table.patientId} IS NULL`),
    index('inbound_messages_patient_idx').on(table.patientId, table.channel, table.receivedAt),
  ],
);
