import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { accounts, emailVerificationTokens } from '../../platform';
import { clock } from '../../platform';

/** All SQL about proving an account's e-mail: the single-use tokens and the account's verified mark. */
export function createRecordLinkRepository(db: Db) {
  return {
    async createToken(input: { id: string; accountId: string; email: string; expiresAt: Date }, tx: Tx) {
      await tx.insert(emailVerificationTokens).values({ ...input, createdAt: clock.now() });
    },

    /**
     * Marks the token used if it is still valid and belongs to `accountId` (the account signed in where
     * the link is opened); answers its account and address. Single use under races.
     */
    async consumeToken(
      id: string,
      accountId: string,
      tx: Tx,
    ): Promise<{ accountId: string; email: string } | undefined> {
      const now = clock.now();
      const [row] = await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailVerificationTokens.id, id),
            eq(emailVerificationTokens.accountId, accountId),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, now),
          ),
        )
        .returning({ accountId: emailVerificationTokens.accountId, email: emailVerificationTokens.email });
      return row;
    },

    /** Whether the token is still usable, by whichever account (to tell «another account's link» apart). */
    async isUsable(id: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: emailVerificationTokens.id })
        .from(emailVerificationTokens)
        .where(
          and(
            eq(emailVerificationTokens.id, id),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, clock.now()),
          ),
        );
      return row !== undefined;
    },

    /** Spends every other link of the account (once the address is proved they have no use). */
    async spendTokensOf(accountId: string, tx: Tx) {
      await tx
        .update(emailVerificationTokens)
        .set({ usedAt: clock.now() })
        .where(and(eq(emailVerificationTokens.accountId, accountId), isNull(emailVerificationTokens.usedAt)));
    },

    /** The most recent link sent to the account, if any. */
    async latestToken(accountId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          createdAt: emailVerificationTokens.createdAt,
          expiresAt: emailVerificationTokens.expiresAt,
          usedAt: emailVerificationTokens.usedAt,
        })
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.accountId, accountId))
        .orderBy(desc(emailVerificationTokens.createdAt))
        .limit(1);
      return row;
    },

    /** When the account's links of the last while were made (after `since`), oldest first. */
    async tokenTimesSince(accountId: string, since: Date, tx: Db = db): Promise<Date[]> {
      const rows = await tx
        .select({ createdAt: emailVerificationTokens.createdAt })
        .from(emailVerificationTokens)
        .where(and(eq(emailVerificationTokens.accountId, accountId), gt(emailVerificationTokens.createdAt, since)))
        .orderBy(emailVerificationTokens.createdAt);
      return rows.map((row) => row.createdAt);
    },

    async setEmailVerified(accountId: string, verifiedAt: Date | null, tx: Tx) {
      await tx.update(accounts).set({ emailVerifiedAt: verifiedAt }).where(eq(accounts.id, accountId));
    },
  };
}

export type RecordLinkRepository = ReturnType<typeof createRecordLinkRepository>;
