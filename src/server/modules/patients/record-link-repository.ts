import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, emailVerificationTokens } from '../../db/schema';
import { clock } from '../../clock';

/** All SQL about proving an account's e-mail: the single-use tokens and the account's verified mark. */
export function createRecordLinkRepository(db: Db) {
  return {
    async createToken(input: { id: string; accountId: string; email: string; expiresAt: Date }, tx: Db = db) {
      await tx.insert(emailVerificationTokens).values({ ...input, createdAt: clock.now() });
    },

    /** Marks the token used if it is still valid; answers its account and address. Single use under races. */
    async consumeToken(id: string, tx: Db = db): Promise<{ accountId: string; email: string } | undefined> {
      const now = clock.now();
      const [row] = await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(and(eq(emailVerificationTokens.id, id), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now)))
        .returning({ accountId: emailVerificationTokens.accountId, email: emailVerificationTokens.email });
      return row;
    },

    /** Spends every other link of the account (once the address is proved they have no use). */
    async spendTokensOf(accountId: string, tx: Db = db) {
      await tx
        .update(emailVerificationTokens)
        .set({ usedAt: clock.now() })
        .where(and(eq(emailVerificationTokens.accountId, accountId), isNull(emailVerificationTokens.usedAt)));
    },

    /** The most recent link sent to the account, if any. */
    async latestToken(accountId: string, tx: Db = db) {
      const [row] = await tx
        .select({ createdAt: emailVerificationTokens.createdAt, expiresAt: emailVerificationTokens.expiresAt, usedAt: emailVerificationTokens.usedAt })
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.accountId, accountId))
        .orderBy(desc(emailVerificationTokens.createdAt))
        .limit(1);
      return row;
    },

    async countTokensSince(accountId: string, since: Date, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(emailVerificationTokens)
        .where(and(eq(emailVerificationTokens.accountId, accountId), gte(emailVerificationTokens.createdAt, since)));
      return row?.count ?? 0;
    },

    async setEmailVerified(accountId: string, verifiedAt: Date | null, tx: Db = db) {
      await tx.update(accounts).set({ emailVerifiedAt: verifiedAt }).where(eq(accounts.id, accountId));
    },
  };
}

export type RecordLinkRepository = ReturnType<typeof createRecordLinkRepository>;
