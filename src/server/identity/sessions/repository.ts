import { STAFF_ROLES } from '../../access';
import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { profiles, sessions, signInDevices, minus } from '../../platform';

/** A device not seen for this long is new again (and its row goes at the next sweep). */
export const DEVICE_MEMORY_DAYS = 180;

export type OpenSessionRow = Pick<
  typeof sessions.$inferSelect,
  'id' | 'handle' | 'userAgent' | 'ip' | 'createdAt' | 'lastSeenAt'
>;

const openColumns = {
  id: sessions.id,
  handle: sessions.handle,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
};

/**
 * The SQL of «Sesiones abiertas», the idle lock's keep-alive, the devices an account signed in from and the
 * sweep of ended sessions. What one account may see and end is reached through `ofAccount` — the access
 * scope (`access/sessions.ts`) hands a request only its own account's.
 */
export function createSessionsRepository(db: Db) {
  return {
    /** The sessions of one account: nothing here reaches another account's. */
    ofAccount(accountId: string) {
      const mine = eq(sessions.accountId, accountId);
      return {
        /** Sessions still open at `now`; those idle since before `idleSince` (staff) count as ended. */
        async listOpen(now: Date, idleSince: Date | null, tx: Db = db): Promise<OpenSessionRow[]> {
          return tx
            .select(openColumns)
            .from(sessions)
            .where(and(mine, gt(sessions.expiresAt, now), idleSince ? gt(sessions.activeAt, idleSince) : undefined))
            .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
        },
        /** Ends one session of this account by its handle; answers its id, or nothing when it is not one of them. */
        async endOne(handle: string, tx: Tx): Promise<string | undefined> {
          const [row] = await tx
            .delete(sessions)
            .where(and(mine, eq(sessions.handle, handle)))
            .returning({ id: sessions.id });
          return row?.id;
        },
        /** «Cerrar las demás»: every session of this account but `keepId`. */
        async endOthers(keepId: string, tx: Tx): Promise<number> {
          const rows = await tx
            .delete(sessions)
            .where(and(mine, ne(sessions.id, keepId)))
            .returning({ id: sessions.id });
          return rows.length;
        },
      };
    },

    /**
     * The person at this session gave input at `at`: the idle clock starts again from it — never from an earlier
     * time than it already had (a late keep-alive of another tab). Answers the session's idle clock.
     */
    async markActive(sessionId: string, at: Date, tx: Tx): Promise<Date> {
      const [row] = await tx
        .update(sessions)
        .set({ activeAt: sql`GREATEST(${sessions.activeAt}, ${at})` })
        .where(eq(sessions.id, sessionId))
        .returning({ activeAt: sessions.activeAt });
      return row?.activeAt ?? at;
    },

    /**
     * Records a sign-in from `fingerprint` and says what it was: `first` (the account had never recorded a
     * device: its very first sign-in, or the first since this was built), `known` (seen within
     * DEVICE_MEMORY_DAYS) or `new`.
     */
    async recordDevice(accountId: string, fingerprint: string, at: Date, tx: Tx): Promise<'first' | 'known' | 'new'> {
      const seen = await tx
        .select({ fingerprint: signInDevices.fingerprint, lastSeenAt: signInDevices.lastSeenAt })
        .from(signInDevices)
        .where(eq(signInDevices.accountId, accountId));
      const since = minus(at, { days: DEVICE_MEMORY_DAYS }).getTime();
      const known = seen.some((row) => row.fingerprint === fingerprint && row.lastSeenAt.getTime() > since);
      await tx
        .insert(signInDevices)
        .values({ accountId, fingerprint, firstSeenAt: at, lastSeenAt: at })
        .onConflictDoUpdate({
          target: [signInDevices.accountId, signInDevices.fingerprint],
          set: { lastSeenAt: at },
        });
      return seen.length === 0 ? 'first' : known ? 'known' : 'new';
    },

    /**
     * Deletes what has ended: sessions past their expiry, staff sessions idle since before `staffIdleSince`,
     * and devices not seen for DEVICE_MEMORY_DAYS. Answers how many sessions went.
     */
    async sweep(now: Date, staffIdleSince: Date, tx: Tx): Promise<number> {
      const staff = tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(inArray(profiles.role, [...STAFF_ROLES]));
      const expired = await tx
        .delete(sessions)
        .where(
          sql`${lt(sessions.expiresAt, now)} OR (${lt(sessions.activeAt, staffIdleSince)} AND ${inArray(sessions.accountId, staff)})`,
        )
        .returning({ id: sessions.id });
      await tx.delete(signInDevices).where(lt(signInDevices.lastSeenAt, minus(now, { days: DEVICE_MEMORY_DAYS })));
      return expired.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
