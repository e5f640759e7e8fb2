import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Role } from '../../../common/roles';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { preparedQuery, latestOf, toInstant, plus, minus } from '../../platform';
import { accounts, passwordTokens, profiles, sessions, signInThrottle } from '../../platform';
import { clock } from '../../platform';
import type { Limit } from '../../platform';
import { refundAttempt, reserveAttempt } from './attempts-repository';

export type AccountRow = typeof accounts.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface NewProfile {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  photoUrl: string;
  phone?: string | null;
}

/** All SQL about identities, profiles, sessions, tokens and the sign-in throttle. */
export function createAuthRepository(db: Db) {
  // Every API request runs it: parsed and planned once per connection.
  const sessionWithUser = preparedQuery(db, 'session_with_user', (tx) =>
    tx
      .select({ session: sessions, account: accounts, profile: profiles })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .leftJoin(profiles, eq(profiles.id, sessions.accountId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1),
  );

  return {
    async findAccountByEmail(email: string, tx: Db = db): Promise<AccountRow | undefined> {
      const [row] = await tx
        .select()
        .from(accounts)
        .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },

    async hasAnyAccount(tx: Db = db): Promise<boolean> {
      const rows = await tx.select({ id: accounts.id }).from(accounts).limit(1);
      return rows.length > 0;
    },

    async findAccountById(id: string, tx: Db = db): Promise<AccountRow | undefined> {
      const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).limit(1);
      return row;
    },

    async createAccount(input: { email: string; passwordHash: string | null }, tx: Tx) {
      const [row] = await tx
        .insert(accounts)
        .values({ email: input.email, passwordHash: input.passwordHash })
        .returning();
      return row!;
    },

    async updateAccount(
      id: string,
      changes: Partial<Pick<AccountRow, 'displayName' | 'photoUrl' | 'passwordHash' | 'active'>>,
      tx: Tx,
    ) {
      const [row] = await tx
        .update(accounts)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(accounts.id, id))
        .returning();
      return row;
    },

    async findProfile(id: string, tx: Db = db): Promise<ProfileRow | undefined> {
      const [row] = await tx.select().from(profiles).where(eq(profiles.id, id)).limit(1);
      return row;
    },

    /** Writes the whole profile; an existing one is kept (two first sign-ins may race). */
    async createProfile(input: NewProfile, tx: Tx): Promise<ProfileRow> {
      const now = clock.now();
      await tx
        .insert(profiles)
        .values({ ...input, phone: input.phone ?? null, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: profiles.id });
      const [row] = await tx.select().from(profiles).where(eq(profiles.id, input.id));
      return row!;
    },

    /** Merged write of the changed fields plus a fresh `updatedAt` (SPEC §3). */
    async mergeProfile(
      id: string,
      changes: Partial<Pick<ProfileRow, 'displayName' | 'photoUrl' | 'phone' | 'role' | 'email'>>,
      tx: Tx,
    ): Promise<ProfileRow | undefined> {
      const [row] = await tx
        .update(profiles)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(profiles.id, id))
        .returning();
      return row;
    },

    /** A new session, started, seen and active at `at` (the server's clock), from `ip`. */
    async createSession(
      input: { id: string; accountId: string; expiresAt: Date; at: Date; userAgent?: string; ip?: string },
      tx: Tx,
    ) {
      const { at, ...session } = input;
      await tx.insert(sessions).values({
        ...session,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        ip: input.ip?.slice(0, 64) ?? null,
        createdAt: at,
        lastSeenAt: at,
        activeAt: at,
        // Signing in is a proof of the owner: the first minutes of a session may change its factors.
        provedAt: at,
      });
    },

    async findSession(id: string, tx: Db = db): Promise<SessionRow | undefined> {
      const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row;
    },

    /** The session with its account and profile, in one round trip (every API request needs them). */
    async findSessionWithUser(id: string, tx: Db = db) {
      const [row] = await sessionWithUser(tx).execute({ id });
      return row;
    },

    /** The session's owner proved herself again (step-up) at `at`. */
    async markSessionProved(id: string, at: Date, tx: Tx) {
      await tx.update(sessions).set({ provedAt: at }).where(eq(sessions.id, id));
    },

    async extendSession(id: string, expiresAt: Date, tx: Tx) {
      await tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    },

    /** The session was used at `at` from `ip` (throttled by the caller); a renewed expiry goes in the same write. */
    async touchSession(id: string, seen: { at: Date; ip: string; expiresAt?: Date }, tx: Tx) {
      await tx
        .update(sessions)
        .set({
          lastSeenAt: seen.at,
          ip: seen.ip.slice(0, 64),
          ...(seen.expiresAt ? { expiresAt: seen.expiresAt } : {}),
        })
        .where(eq(sessions.id, id));
    },

    /** Ends the session; answers whether this call ended it (of two at once, one finds it gone). */
    async deleteSession(id: string, tx: Tx): Promise<boolean> {
      const rows = await tx.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Ends every session of an account (disabled, a password reset, an admin's «Cerrar todas sus sesiones»); answers how many. */
    async deleteSessionsOfAccount(accountId: string, tx: Tx): Promise<number> {
      const rows = await tx.delete(sessions).where(eq(sessions.accountId, accountId)).returning({ id: sessions.id });
      return rows.length;
    },

    /** Ends every session of an account but one (a password changed from the profile keeps its own). */
    async deleteOtherSessionsOfAccount(accountId: string, keepId: string, tx: Tx) {
      await tx.delete(sessions).where(and(eq(sessions.accountId, accountId), ne(sessions.id, keepId)));
    },

    async deleteExpiredSessions(tx: Tx) {
      await tx.delete(sessions).where(lt(sessions.expiresAt, clock.now()));
    },

    /** A new reset or invitation link: every earlier unused link of the account stops working. */
    async createPasswordToken(
      input: { id: string; accountId: string; purpose: 'reset' | 'invitation'; expiresAt: Date },
      tx: Tx,
    ) {
      await this.revokePasswordTokensOf(input.accountId, tx);
      await tx.insert(passwordTokens).values(input);
    },

    /**
     * Marks the token used if it is still valid and its account active; answers the account, or nothing
     * (and then nothing changes). Single use under races; the account's other links are revoked with it.
     */
    /** The account of a reset link still good (unused, not expired, account active), without using it up. */
    async findPasswordTokenAccount(id: string, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ accountId: passwordTokens.accountId })
        .from(passwordTokens)
        .innerJoin(accounts, eq(accounts.id, passwordTokens.accountId))
        .where(
          and(
            eq(passwordTokens.id, id),
            isNull(passwordTokens.usedAt),
            gt(passwordTokens.expiresAt, clock.now()),
            eq(accounts.active, true),
          ),
        );
      return row?.accountId;
    },

    async consumePasswordToken(id: string, tx: Tx): Promise<string | undefined> {
      const [row] = await tx
        .update(passwordTokens)
        .set({ usedAt: clock.now() })
        .where(
          and(
            eq(passwordTokens.id, id),
            isNull(passwordTokens.usedAt),
            gt(passwordTokens.expiresAt, clock.now()),
            inArray(
              passwordTokens.accountId,
              tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.active, true)),
            ),
          ),
        )
        .returning({ accountId: passwordTokens.accountId });
      if (row) await this.revokePasswordTokensOf(row.accountId, tx);
      return row?.accountId;
    },

    /** Ends every unused reset or invitation link of an account (a new link, a used one, a changed password). */
    async revokePasswordTokensOf(accountId: string, tx: Tx) {
      await tx
        .update(passwordTokens)
        .set({ usedAt: clock.now() })
        .where(and(eq(passwordTokens.accountId, accountId), isNull(passwordTokens.usedAt)));
    },

    /** The latest instant any of these keys is locked until, if one is locked now. */
    async blockedUntil(keys: string[], tx: Db = db): Promise<Date | undefined> {
      const rows = await tx
        .select({ blockedUntil: signInThrottle.blockedUntil })
        .from(signInThrottle)
        .where(inArray(signInThrottle.key, keys));
      const now = clock.nowMs();
      const locked = rows.map((row) => row.blockedUntil?.getTime() ?? 0).filter((until) => until > now);
      return locked.length > 0 ? latestOf(...locked) : undefined;
    },

    /** Takes an attempt before a guess is checked; false while the key is locked (`attempts-repository.ts`). */
    reserveAttempt,
    /** Gives back an attempt that was not a failure. */
    refundAttempt,

    /**
     * Counts a failure in a window of `limit.timeWindow` (on the server's clock); at `limit.max` failures
     * the key is locked for as long as a window. After the fact: a guess is throttled by `reserveAttempt`.
     */
    async recordFailure(key: string, limit: Limit, tx: Tx) {
      const now = clock.nowMs();
      const at = toInstant(now).toISOString();
      const windowStart = minus(now, { milliseconds: limit.timeWindow }).toISOString();
      const lockedUntil = plus(now, { milliseconds: limit.timeWindow }).toISOString();
      await tx.execute(sql`
        INSERT INTO sign_in_throttle (key, failures, window_start, blocked_until)
        VALUES (${key}, 1, ${at}::timestamptz, CASE WHEN 1 >= ${limit.max} THEN ${lockedUntil}::timestamptz END)
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN sign_in_throttle.window_start < ${windowStart}::timestamptz THEN 1
                          ELSE sign_in_throttle.failures + 1 END,
          window_start = CASE WHEN sign_in_throttle.window_start < ${windowStart}::timestamptz THEN ${at}::timestamptz
                              ELSE sign_in_throttle.window_start END,
          blocked_until = CASE
            WHEN sign_in_throttle.window_start >= ${windowStart}::timestamptz
             AND sign_in_throttle.failures + 1 >= ${limit.max} THEN ${lockedUntil}::timestamptz
            ELSE sign_in_throttle.blocked_until END`);
    },

    async clearFailures(key: string, tx: Tx) {
      await tx.delete(signInThrottle).where(eq(signInThrottle.key, key));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
