import { and, eq } from 'drizzle-orm';
import type { CalendarFeedScope } from '../../../common/schemas/calendar-feeds';
import { feedStillEntitled } from '../../access';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { accounts, calendarFeeds, profiles } from '../../platform';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** All SQL about the private calendar feeds (the appointments they list come from the appointments repository). */
export function createCalendarFeedsRepository(db: Db) {
  return {
    async findByAccount(accountId: string, tx: Db = db): Promise<CalendarFeedRow | undefined> {
      const [row] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.accountId, accountId));
      return row;
    },

    /**
     * The feed behind a token, only while its owner still holds the access its scope was made with: an
     * active account, admin for the clinic's feed, doctor for her own. A feed dies with its owner's access
     * (disabled, demoted) even before anyone revokes it.
     */
    async findLiveByTokenHash(tokenHash: string, tx: Db = db): Promise<CalendarFeedRow | undefined> {
      const [row] = await tx
        .select({ feed: calendarFeeds, role: profiles.role })
        .from(calendarFeeds)
        .innerJoin(accounts, and(eq(accounts.id, calendarFeeds.accountId), eq(accounts.active, true)))
        .innerJoin(profiles, eq(profiles.id, calendarFeeds.accountId))
        .where(eq(calendarFeeds.tokenHash, tokenHash));
      if (!row) return undefined;
      return feedStillEntitled(row.feed.scope, row.role) ? row.feed : undefined;
    },

    /** Revokes the account's feed (an admin's action, or the account losing its access); answers whether there was one. */
    async revoke(accountId: string, tx: Tx): Promise<boolean> {
      const removed = await tx
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.accountId, accountId))
        .returning({ accountId: calendarFeeds.accountId });
      return removed.length > 0;
    },

    /** Sets the account's feed to a new token: any previous URL stops working at once. */
    async replace(
      accountId: string,
      scope: CalendarFeedScope,
      tokenHash: string,
      at: Date,
      tx: Tx,
    ): Promise<{ row: CalendarFeedRow; replaced: boolean }> {
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
