import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CALENDAR_FEED_SCOPES } from '../../../../common/schemas/calendar-feeds';
import { accounts } from './auth';

/** One private iCalendar feed per account (migration 0018): only the token's SHA-256 is kept. */
export const calendarFeeds = pgTable('calendar_feeds', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  scope: text('scope', { enum: CALENDAR_FEED_SCOPES }).notNull(),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
