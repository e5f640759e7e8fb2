import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_SIDES } from '../../../../common/schemas/messages';
import { accounts } from './auth';
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

/** One message; its id comes from the sender's browser so a retried send is stored once. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => accounts.id),
    side: text('side', { enum: MESSAGE_SIDES }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the other side opened the conversation with this message in it. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** A staff reply left unread: when its «tienes un mensaje» e-mail was written to the outbox. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
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
  ],
);
