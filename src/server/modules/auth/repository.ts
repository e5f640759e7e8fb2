import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Role } from '../../../common/roles';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { accounts, passwordTokens, profiles, sessions, signInThrottle } from '../../db/schema';
import { clock } from '../../clock';

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

    async createAccount(input: { email: string; passwordHash: string | null }, tx: Db = db) {
      const [row] = await tx
        .insert(accounts)
        .values({ email: input.email, passwordHash: input.passwordHash })
        .returning();
      return row!;
    },

    async updateAccount(
      id: string,
      changes: Partial<Pick<AccountRow, 'displayName' | 'photoUrl' | 'passwordHash' | 'active'>>,
      tx: Db = db,
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
    async createProfile(input: NewProfile, tx: Db = db): Promise<ProfileRow> {
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
      tx: Db = db,
    ): Promise<ProfileRow | undefined> {
      const [row] = await tx
        .update(profiles)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(profiles.id, id))
        .returning();
      return row;
    },

    async createSession(input: { id: string; accountId: string; expiresAt: Date; userAgent?: string }, tx: Db = db) {
      await tx.insert(sessions).values({ ...input, userAgent: input.userAgent?.slice(0, 300) ?? null });
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

    async extendSession(id: string, expiresAt: Date, tx: Db = db) {
      await tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    },

    async deleteSession(id: string, tx: Db = db) {
      await tx.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteSessionsOfAccount(accountId: string, tx: Db = db) {
      await tx.delete(sessions).where(eq(sessions.accountId, accountId));
    },

    /** Ends every session of an account but one (a password changed from the profile keeps its own). */
    async deleteOtherSessionsOfAccount(accountId: string, keepId: string, tx: Db = db) {
      await tx.delete(sessions).where(and(eq(sessions.accountId, accountId), ne(sessions.id, keepId)));
    },

    async deleteExpiredSessions(tx: Db = db) {
      await tx.delete(sessions).where(lt(sessions.expiresAt, clock.now()));
    },

    async createPasswordToken(
      input: { id: string; accountId: string; purpose: 'reset' | 'invitation'; expiresAt: Date },
      tx: Db = db,
    ) {
      await tx.insert(passwordTokens).values(input);
    },

    /** Marks the token used if it is still valid; answers its account, or nothing. Single use under races. */
    async consumePasswordToken(id: string, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .update(passwordTokens)
        .set({ usedAt: clock.now() })
        .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, clock.now())))
        .returning({ accountId: passwordTokens.accountId });
      return row?.accountId;
    },

    async isThrottled(keys: string[], tx: Db = db): Promise<boolean> {
      for (const key of keys) {
        const [row] = await tx
          .select({ blockedUntil: signInThrottle.blockedUntil })
          .from(signInThrottle)
          .where(eq(signInThrottle.key, key));
        if (row?.blockedUntil && row.blockedUntil > clock.now()) return true;
      }
      return false;
    },

    /** Counts a failure in a window of `windowMinutes`; at `limit` failures the key is blocked as long. */
    async recordFailure(key: string, limit: number, windowMinutes: number, tx: Db = db) {
      const window = sql.raw(`interval '${Math.trunc(windowMinutes)} minutes'`);
      await tx.execute(sql`
        INSERT INTO sign_in_throttle (key, failures, window_start, blocked_until)
        VALUES (${key}, 1, now(), CASE WHEN 1 >= ${limit} THEN now() + ${window} END)
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN sign_in_throttle.window_start < now() - ${window} THEN 1
                          ELSE sign_in_throttle.failures + 1 END,
          window_start = CASE WHEN sign_in_throttle.window_start < now() - ${window} THEN now()
                              ELSE sign_in_throttle.window_start END,
          blocked_until = CASE
            WHEN sign_in_throttle.window_start >= now() - ${window}
             AND sign_in_throttle.failures + 1 >= ${limit} THEN now() + ${window}
            ELSE sign_in_throttle.blocked_until END`);
    },

    async clearFailures(key: string, tx: Db = db) {
      await tx.delete(signInThrottle).where(eq(signInThrottle.key, key));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
