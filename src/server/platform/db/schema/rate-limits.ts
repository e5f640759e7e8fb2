import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests per key (`<route>|account:<id>` or `<route>|address:<ip>`) in the current fixed window, shared
 * by every instance. UNLOGGED in the migration (Drizzle does not model it): counters that a crash
 * resets are harmless, and skipping the WAL makes the write each API request costs cheaper.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
