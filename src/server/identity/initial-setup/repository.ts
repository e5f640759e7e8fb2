import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../platform';
import { accounts, clock, initialSetupTokens, profiles } from '../../platform';

/** All SQL of the first run's set-up link (issue 37, item 2). */
export function createInitialSetupRepository(db: Db) {
  return {
    /** Whether an admin can sign in: active, with a password chosen (a pending invitation does not count). */
    async hasActiveAdmin(tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.id))
        .where(and(eq(profiles.role, 'admin'), eq(accounts.active, true), isNotNull(accounts.passwordHash)))
        .limit(1);
      return Boolean(row);
    },

    /** The link's hash, replacing any earlier one: only the last link printed works. */
    async replaceToken(tokenHash: string, expiresAt: Date, tx: Tx) {
      await tx.delete(initialSetupTokens);
      await tx.insert(initialSetupTokens).values({ tokenHash, expiresAt });
    },

    /** Every link ends: an admin exists. */
    async clearTokens(tx: Tx) {
      await tx.delete(initialSetupTokens);
    },

    /** Whether the link is still good (not used, not expired), without using it up. */
    async isValid(tokenHash: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ hash: initialSetupTokens.tokenHash })
        .from(initialSetupTokens)
        .where(and(eq(initialSetupTokens.tokenHash, tokenHash), gt(initialSetupTokens.expiresAt, clock.now())));
      return Boolean(row);
    },

    /** Uses the link up if it is still good; whether it was. Single use under races: the delete decides. */
    async consume(tokenHash: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .delete(initialSetupTokens)
        .where(and(eq(initialSetupTokens.tokenHash, tokenHash), gt(initialSetupTokens.expiresAt, clock.now())))
        .returning({ hash: initialSetupTokens.tokenHash });
      return rows.length > 0;
    },
  };
}

export type InitialSetupRepository = ReturnType<typeof createInitialSetupRepository>;
