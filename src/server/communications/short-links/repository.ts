import { eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../platform';
import { shortLinks } from '../../platform';

export type ShortLinkRow = typeof shortLinks.$inferSelect;

/** All SQL of the short links (`/r/<code>`). */
export function createShortLinksRepository(db: Db) {
  return {
    async insert(row: ShortLinkRow, tx: Tx): Promise<void> {
      await tx.insert(shortLinks).values(row);
    },

    async find(id: string, tx: Db = db): Promise<ShortLinkRow | undefined> {
      const [row] = await tx.select().from(shortLinks).where(eq(shortLinks.id, id)).limit(1);
      return row;
    },

    /** Deletes the links that expired before `before`; answers how many. */
    async deleteExpiredBefore(before: Date, tx: Tx): Promise<number> {
      const rows = await tx.delete(shortLinks).where(lt(shortLinks.expiresAt, before)).returning({ id: shortLinks.id });
      return rows.length;
    },
  };
}

export type ShortLinksRepository = ReturnType<typeof createShortLinksRepository>;
