import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const SHORT_LINK_KINDS = ['recordatorio', 'encuesta', 'pago'] as const;
export type ShortLinkKind = (typeof SHORT_LINK_KINDS)[number];

/**
 * Short links `/r/<code>` (migration 0057, decision 0127): `id` is the SHA-256 of the code, never the code; the
 * target path is sealed under a key derived from the code (`communications/short-links/codes.ts`).
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: SHORT_LINK_KINDS }).notNull(),
    sealedTarget: text('sealed_target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('short_links_expires_at_idx').on(table.expiresAt)],
);
