import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { clinicHolidays, realNowMs } from '../../platform';
import type { HolidayKind } from '../../../common/schemas/holidays';

const columns = {
  id: clinicHolidays.id,
  startDate: clinicHolidays.startDate,
  endDate: clinicHolidays.endDate,
  name: clinicHolidays.name,
  kind: clinicHolidays.kind,
};
export type Holiday = { id: string; startDate: string; endDate: string; name: string; kind: HolidayKind };

/**
 * Every booking asks whether its day is a holiday, and the table holds a few dozen rows a year that change a few
 * times a year: each instance keeps the whole table for a moment, as it keeps the settings. A change made through
 * this instance is seen at once: for HOLIDAYS_TTL_MS after it, reads go to the database (the change's transaction
 * may not have committed when it returns here, and a read then must not be kept); one made through another
 * instance is seen within HOLIDAYS_TTL_MS. Reads inside a transaction (`tx`) always go to the database. Ages are
 * measured on the real clock, as the settings' are.
 */
const HOLIDAYS_TTL_MS = 2000;

/** All SQL about public holidays and clinic closures. */
export function createHolidaysRepository(db: Db) {
  let cached: { rows: Holiday[]; at: number } | undefined;
  let changedAt = -Infinity;
  const changed = () => {
    cached = undefined;
    changedAt = realNowMs();
  };
  const touching = (from: string, to: string) => (row: Holiday) => row.startDate <= to && row.endDate >= from;
  const query = (tx: Db) =>
    tx.select(columns).from(clinicHolidays).orderBy(asc(clinicHolidays.startDate), asc(clinicHolidays.name));
  return {
    /** The holidays that touch the wall-clock days [from, to] (inclusive, `YYYY-MM-DD`), in date order. */
    async between(from: string, to: string, tx: Db = db): Promise<Holiday[]> {
      const now = realNowMs();
      if (tx !== db || now - changedAt < HOLIDAYS_TTL_MS) {
        return query(tx).where(and(lte(clinicHolidays.startDate, to), gte(clinicHolidays.endDate, from)));
      }
      if (!cached || now - cached.at >= HOLIDAYS_TTL_MS) cached = { rows: await query(db), at: now };
      return cached.rows.filter(touching(from, to));
    },

    /** The holiday of one day, if any (the first by start when ranges overlap). */
    async on(date: string, tx: Db = db): Promise<Holiday | undefined> {
      const [row] = await this.between(date, date, tx);
      return row;
    },

    async create(input: Omit<Holiday, 'id'>, tx: Tx): Promise<Holiday> {
      const [row] = await tx.insert(clinicHolidays).values(input).returning(columns);
      changed();
      return row!;
    },

    /** Whether it existed. */
    async remove(id: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .delete(clinicHolidays)
        .where(eq(clinicHolidays.id, id))
        .returning({ id: clinicHolidays.id });
      changed();
      return rows.length > 0;
    },

    /** Adds the given one-day holidays whose day has no holiday yet; answers the ones it added. */
    async addMissingDays(days: { date: string; name: string; kind: HolidayKind }[], tx: Tx): Promise<Holiday[]> {
      if (days.length === 0) return [];
      const dates = days.map((d) => d.date).sort();
      const existing = await this.between(dates[0]!, dates.at(-1)!, tx);
      const taken = (date: string) => existing.some((row) => row.startDate <= date && date <= row.endDate);
      const missing = days.filter((d) => !taken(d.date));
      if (missing.length === 0) return [];
      changed();
      return tx
        .insert(clinicHolidays)
        .values(missing.map((d) => ({ startDate: d.date, endDate: d.date, name: d.name, kind: d.kind })))
        .returning(columns);
    },
  };
}

export type HolidaysRepository = ReturnType<typeof createHolidaysRepository>;
