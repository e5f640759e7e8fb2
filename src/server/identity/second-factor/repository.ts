import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import {
  passkeyChallenges,
  passkeySignIns,
  passkeys,
  pendingSignIns,
  recoveryCodes,
  signInThrottle,
  totpCredentials,
  toInstant,
  plus,
  minus,
  latestOf,
} from '../../platform';
import { clock } from '../../platform';
import { refundAttempt, reserveAttempt } from '../auth/attempts-repository';

export type TotpRow = typeof totpCredentials.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
export type PendingSignInRow = typeof pendingSignIns.$inferSelect;
export type NewPasskey = Omit<typeof passkeys.$inferInsert, 'id' | 'createdAt' | 'lastUsedAt'>;

/** All SQL of the second factor: authenticator apps, passkeys, recovery codes, pending sign-ins. */
export function createSecondFactorRepository(db: Db) {
  return {
    async findTotp(accountId: string, tx: Db = db): Promise<TotpRow | undefined> {
      const [row] = await tx.select().from(totpCredentials).where(eq(totpCredentials.accountId, accountId));
      return row;
    },

    /** Keeps the secret being set up (a confirmed app keeps working until the new one is confirmed). */
    async startTotpEnrolment(accountId: string, pendingSecret: string, pendingExpiresAt: Date, tx: Tx) {
      await tx
        .insert(totpCredentials)
        .values({ accountId, pendingSecret, pendingExpiresAt, createdAt: clock.now() })
        .onConflictDoUpdate({ target: totpCredentials.accountId, set: { pendingSecret, pendingExpiresAt } });
    },

    /** The secret being set up becomes the app's, its first code's step used. False if it changed meanwhile. */
    async confirmTotp(accountId: string, pendingSecret: string, step: number, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(totpCredentials)
        .set({
          secret: pendingSecret,
          confirmedAt: clock.now(),
          lastStep: step,
          pendingSecret: null,
          pendingExpiresAt: null,
        })
        .where(and(eq(totpCredentials.accountId, accountId), eq(totpCredentials.pendingSecret, pendingSecret)))
        .returning({ accountId: totpCredentials.accountId });
      return rows.length > 0;
    },

    /**
     * Records `step` as used if it is later than the last one accepted: a code is never accepted twice,
     * nor an older one after a newer one (one statement, so two requests with one code cannot both pass).
     */
    async useTotpStep(accountId: string, step: number, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(totpCredentials)
        .set({ lastStep: step })
        .where(
          and(
            eq(totpCredentials.accountId, accountId),
            isNotNull(totpCredentials.secret),
            or(isNull(totpCredentials.lastStep), lt(totpCredentials.lastStep, step)),
          ),
        )
        .returning({ accountId: totpCredentials.accountId });
      return rows.length > 0;
    },

    /** Removes the app (and one being set up); true when there was a confirmed one. */
    async deleteTotp(accountId: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .delete(totpCredentials)
        .where(eq(totpCredentials.accountId, accountId))
        .returning({ confirmedAt: totpCredentials.confirmedAt });
      return rows.some((row) => row.confirmedAt !== null);
    },

    async listPasskeys(accountId: string, tx: Db = db): Promise<PasskeyRow[]> {
      return tx
        .select()
        .from(passkeys)
        .where(eq(passkeys.accountId, accountId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.name));
    },

    async findPasskeyOf(accountId: string, id: string, tx: Db = db): Promise<PasskeyRow | undefined> {
      const [row] = await tx
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)));
      return row;
    },

    async findPasskeyByCredentialId(credentialId: string, tx: Db = db): Promise<PasskeyRow | undefined> {
      const [row] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },

    async addPasskey(input: NewPasskey, tx: Tx): Promise<PasskeyRow> {
      const [row] = await tx
        .insert(passkeys)
        .values({ ...input, createdAt: clock.now() })
        .returning();
      return row!;
    },

    async renamePasskey(accountId: string, id: string, name: string, tx: Tx): Promise<PasskeyRow | undefined> {
      const [row] = await tx
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)))
        .returning();
      return row;
    },

    async deletePasskey(accountId: string, id: string, tx: Tx): Promise<PasskeyRow | undefined> {
      const [row] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)))
        .returning();
      return row;
    },

    /** Moves the signature counter from the value read to the new one (compare-and-set): a replayed assertion loses. */
    async usePasskey(id: string, readCounter: number, newCounter: number, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(passkeys)
        .set({ counter: newCounter, lastUsedAt: clock.now() })
        .where(and(eq(passkeys.id, id), eq(passkeys.counter, readCounter)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },

    /** The account's codes are these from now on (the earlier ones stop working). */
    async replaceRecoveryCodes(accountId: string, hashes: string[], tx: Tx) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
      await tx
        .insert(recoveryCodes)
        .values(hashes.map((codeHash) => ({ codeHash, accountId, createdAt: clock.now() })));
    },

    /** Marks the code used if it is the account's and unused; single use under races. */
    async useRecoveryCode(accountId: string, codeHash: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(recoveryCodes)
        .set({ usedAt: clock.now() })
        .where(
          and(
            eq(recoveryCodes.codeHash, codeHash),
            eq(recoveryCodes.accountId, accountId),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ codeHash: recoveryCodes.codeHash });
      return rows.length > 0;
    },

    async deleteRecoveryCodes(accountId: string, tx: Tx) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
    },

    /** What an account has: a confirmed app, how many passkeys, how many unused recovery codes. */
    async summary(
      accountId: string,
      tx: Db = db,
    ): Promise<{ totp: boolean; passkeys: number; recoveryCodesLeft: number }> {
      const result = await tx.execute(sql`
        SELECT
          EXISTS (SELECT 1 FROM ${totpCredentials} WHERE ${totpCredentials.accountId} = ${accountId} AND ${totpCredentials.secret} IS NOT NULL) AS totp,
          (SELECT count(*) FROM ${passkeys} WHERE ${passkeys.accountId} = ${accountId})::int AS passkeys,
          (SELECT count(*) FROM ${recoveryCodes} WHERE ${recoveryCodes.accountId} = ${accountId} AND ${recoveryCodes.usedAt} IS NULL)::int AS codes
      `);
      const [row] = (result as unknown as { rows: { totp: boolean; passkeys: number; codes: number }[] }).rows;
      return {
        totp: row?.totp === true,
        passkeys: Number(row?.passkeys ?? 0),
        recoveryCodesLeft: Number(row?.codes ?? 0),
      };
    },

    async countUnusedRecoveryCodes(accountId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    /** Everything of an account's second factor goes (an admin's reset for a lost phone). */
    async deleteAll(accountId: string, tx: Tx) {
      await tx.delete(totpCredentials).where(eq(totpCredentials.accountId, accountId));
      await tx.delete(passkeys).where(eq(passkeys.accountId, accountId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
      await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.accountId, accountId));
      await tx.delete(pendingSignIns).where(eq(pendingSignIns.accountId, accountId));
    },

    // Pending sign-ins.

    /** A new pending sign-in; the account's earlier ones (and expired ones of anybody) go. */
    async createPendingSignIn(
      input: Omit<PendingSignInRow, 'createdAt' | 'challenge' | 'removals'> &
        Partial<Pick<PendingSignInRow, 'removals'>>,
      tx: Tx,
    ) {
      await tx
        .delete(pendingSignIns)
        .where(or(eq(pendingSignIns.accountId, input.accountId), lt(pendingSignIns.expiresAt, clock.now())));
      await tx.insert(pendingSignIns).values({ ...input, createdAt: clock.now() });
    },

    /** The pending sign-in if it has not expired. */
    async findPendingSignIn(id: string, tx: Db = db): Promise<PendingSignInRow | undefined> {
      const [row] = await tx
        .select()
        .from(pendingSignIns)
        .where(and(eq(pendingSignIns.id, id), gt(pendingSignIns.expiresAt, clock.now())));
      return row;
    },

    async setPendingChallenge(id: string, challenge: string, tx: Tx) {
      await tx.update(pendingSignIns).set({ challenge }).where(eq(pendingSignIns.id, id));
    },

    /** Ends the pending sign-in; false if it was already used or expired (single use under races). */
    async consumePendingSignIn(id: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .delete(pendingSignIns)
        .where(and(eq(pendingSignIns.id, id), gt(pendingSignIns.expiresAt, clock.now())))
        .returning({ id: pendingSignIns.id });
      return rows.length > 0;
    },

    // The challenge of a passkey being added.

    async savePasskeyChallenge(accountId: string, challenge: string, expiresAt: Date, tx: Tx) {
      await tx
        .insert(passkeyChallenges)
        .values({ accountId, challenge, expiresAt })
        .onConflictDoUpdate({ target: passkeyChallenges.accountId, set: { challenge, expiresAt } });
    },

    async findPasskeyChallenge(accountId: string, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ challenge: passkeyChallenges.challenge })
        .from(passkeyChallenges)
        .where(and(eq(passkeyChallenges.accountId, accountId), gt(passkeyChallenges.expiresAt, clock.now())));
      return row?.challenge;
    },

    /** Uses the challenge up; false if another request did first. */
    async consumePasskeyChallenge(accountId: string, challenge: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .delete(passkeyChallenges)
        .where(and(eq(passkeyChallenges.accountId, accountId), eq(passkeyChallenges.challenge, challenge)))
        .returning({ accountId: passkeyChallenges.accountId });
      return rows.length > 0;
    },

    // A sign-in with a passkey alone.

    /** Keeps the challenge of a sign-in with a passkey alone; ended ones of anybody go. */
    async createPasskeySignIn(input: typeof passkeySignIns.$inferInsert, tx: Tx) {
      await tx.delete(passkeySignIns).where(lt(passkeySignIns.expiresAt, clock.now()));
      await tx.insert(passkeySignIns).values(input);
    },

    async findPasskeySignIn(id: string, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ challenge: passkeySignIns.challenge })
        .from(passkeySignIns)
        .where(and(eq(passkeySignIns.id, id), gt(passkeySignIns.expiresAt, clock.now())));
      return row?.challenge;
    },

    /** Uses the challenge up; false when another request did first or it ended. */
    async consumePasskeySignIn(id: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .delete(passkeySignIns)
        .where(and(eq(passkeySignIns.id, id), gt(passkeySignIns.expiresAt, clock.now())))
        .returning({ id: passkeySignIns.id });
      return rows.length > 0;
    },

    /** Takes an attempt before a code or passkey is checked; false while the key is blocked (`attempts-repository.ts`). */
    reserveAttempt,
    /** Gives back an attempt that was not a failure. */
    refundAttempt,

    /**
     * Counts a failed code for `key` in a window of `windowMs` from its first failure (on the server's
     * clock); at `limit` failures the key is blocked for a window. After the fact: codes go through `reserveAttempt`.
     */
    async recordFailure(key: string, limit: number, windowMs: number, tx: Tx) {
      const nowMs = clock.nowMs();
      const now = sql`${toInstant(nowMs).toISOString()}::timestamptz`;
      const windowStart = sql`${minus(nowMs, { milliseconds: windowMs }).toISOString()}::timestamptz`;
      const blockUntil = sql`${plus(nowMs, { milliseconds: windowMs }).toISOString()}::timestamptz`;
      await tx.execute(sql`
        INSERT INTO sign_in_throttle (key, failures, window_start, blocked_until)
        VALUES (${key}, 1, ${now}, CASE WHEN 1 >= ${limit}::int THEN ${blockUntil} END)
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN sign_in_throttle.window_start < ${windowStart} THEN 1 ELSE sign_in_throttle.failures + 1 END,
          window_start = CASE WHEN sign_in_throttle.window_start < ${windowStart} THEN ${now} ELSE sign_in_throttle.window_start END,
          blocked_until = CASE
            WHEN sign_in_throttle.window_start >= ${windowStart} AND sign_in_throttle.failures + 1 >= ${limit}::int THEN ${blockUntil}
            ELSE sign_in_throttle.blocked_until END`);
    },

    async clearFailures(key: string, tx: Tx) {
      await tx.delete(signInThrottle).where(eq(signInThrottle.key, key));
    },

    /** The latest instant any of `keys` is blocked until by the sign-in throttle, if one is blocked now. */
    async blockedUntil(keys: string[], tx: Db = db): Promise<Date | undefined> {
      const rows = await tx
        .select({ blockedUntil: signInThrottle.blockedUntil })
        .from(signInThrottle)
        .where(and(inArray(signInThrottle.key, keys), gt(signInThrottle.blockedUntil, clock.now())));
      const times = rows.map((row) => row.blockedUntil!.getTime());
      return times.length > 0 ? latestOf(...times) : undefined;
    },
  };
}

export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
