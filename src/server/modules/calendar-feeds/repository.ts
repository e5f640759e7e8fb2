import { eq } from 'drizzle-orm';
import type { CalendarFeedScope } from '../../../common/schemas/calendar-feeds';
import type { Db } from '../../db/client';
import { calendarFeeds } from '../../db/schema';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** All SQL about the private calendar feeds (the appointments they list come from the appointments repository). */
export function createCalendarFeedsRepository(db: Db) {
  return {
    async findByAccount(accountId: string, tx: Db = db): Promise<CalendarFeedRow | undefined> {
      const [row] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.accountId, accountId));
      return row;
    },

    async findByTokenHash(tokenHash: string, tx: Db = db): Promise<CalendarFeedRow | undefined> {
      const [row] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
      return row;
    },

    /** Sets the account's feed to a new token: any previous URL stops working at once. */
    async replace(accountId: string, scope: CalendarFeedScope, tokenHash: string, at: Date, tx: Db = db): Promise<{ row: CalendarFeedRow; replaced: boolean }> {
      const previous = await this.findByAccount(accountId, tx);
      const [row] = await tx
        .insert(calendarFeeds)
        .values({ accountId, scope, tokenHash, createdAt: at })
        .onConflictDoUpdate({ target: calendarFeeds.accountId, set: { scope, tokenHash, createdAt: at } })
        .returning();
      return { row: row!, replaced: previous !== undefined };
    },
  };
}

export type CalendarFeedsRepository = ReturnType<typeof createCalendarFeedsRepository>;
