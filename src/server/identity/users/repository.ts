import { and, asc, count, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { normalizeSearchText } from '../../../common/search-text';
import type { Role } from '../../../common/roles';
import type { UserState } from '../../../common/schemas/users';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { accounts, calendarFeeds, doctors, profiles, specialties } from '../../platform';

export interface UserSearch {
  q?: string;
  role?: Role;
  state?: UserState;
  page: number;
  pageSize: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pending invitation: an active account whose password has not been chosen yet. */
const STATE_CONDITIONS: Record<UserState, SQL> = {
  activo: and(eq(accounts.active, true), isNotNull(accounts.passwordHash))!,
  desactivado: eq(accounts.active, false),
  invitacion_pendiente: and(eq(accounts.active, true), isNull(accounts.passwordHash))!,
};

/** All SQL of the users screen: every account with its profile. */
export function createUsersRepository(db: Db) {
  const select = (tx: Db) =>
    tx
      .select({
        id: accounts.id,
        email: accounts.email,
        displayName: profiles.displayName,
        role: profiles.role,
        active: accounts.active,
        hasPassword: sql<boolean>`${accounts.passwordHash} IS NOT NULL`,
        lastSignInAt: accounts.lastSignInAt,
        createdAt: accounts.createdAt,
        doctorLicense: doctors.licenseNumber,
        calendarFeedCreatedAt: calendarFeeds.createdAt,
      })
      .from(accounts)
      .innerJoin(profiles, eq(profiles.id, accounts.id))
      .leftJoin(doctors, eq(doctors.id, accounts.id))
      .leftJoin(calendarFeeds, eq(calendarFeeds.accountId, accounts.id));

  return {
    async search(search: UserSearch, tx: Db = db) {
      const where: SQL[] = [];
      // Every word in the name or the e-mail, accents and case ignored (as the audit log's user search).
      const text = sql`unaccent(lower(${profiles.displayName} || ' ' || ${accounts.email}))`;
      for (const word of normalizeSearchText(search.q ?? '')
        .split(' ')
        .filter(Boolean)
        .slice(0, 5)) {
        where.push(sql`${text} LIKE ${`%${escapeLike(word)}%`}`);
      }
      if (search.role) where.push(eq(profiles.role, search.role));
      if (search.state) where.push(STATE_CONDITIONS[search.state]);
      const condition = where.length ? and(...where) : undefined;
      const [items, [total]] = await Promise.all([
        select(tx)
          .where(condition)
          .orderBy(asc(profiles.displayName), asc(accounts.id))
          .limit(search.pageSize)
          .offset((search.page - 1) * search.pageSize),
        tx.select({ value: count() }).from(accounts).innerJoin(profiles, eq(profiles.id, accounts.id)).where(condition),
      ]);
      return { items, total: total?.value ?? 0 };
    },

    async findById(id: string, tx: Db = db) {
      const [row] = await select(tx).where(eq(accounts.id, id)).limit(1);
      return row;
    },

    /**
     * Locks the profiles of the admins who can administer now (active, password chosen: a pending
     * invitation may never be accepted) and counts those other than `exceptId`: two admins demoting each
     * other at once cannot both pass (the second waits for the first and sees its change).
     */
    async lockOtherActiveAdmins(exceptId: string, tx: Tx) {
      const rows = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.id))
        .where(and(eq(profiles.role, 'admin'), STATE_CONDITIONS.activo, ne(profiles.id, exceptId)))
        .for('update');
      return rows.length;
    },

    async hasDoctorRow(id: string, tx: Db = db) {
      const [row] = await tx.select({ id: doctors.id }).from(doctors).where(eq(doctors.id, id)).limit(1);
      return Boolean(row);
    },

    /** The first specialty by name, creating «Medicina general» when the clinic has none yet. */
    async defaultSpecialtyId(tx: Tx) {
      const [first] = await tx.select({ id: specialties.id }).from(specialties).orderBy(asc(specialties.name)).limit(1);
      if (first) return first.id;
      const [created] = await tx
        .insert(specialties)
        .values({ name: 'Medicina general' })
        .returning({ id: specialties.id });
      return created!.id;
    },

    async setLastSignIn(id: string, at: Date, tx: Tx) {
      await tx.update(accounts).set({ lastSignInAt: at }).where(eq(accounts.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserRecord = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;
