import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { clinicHolidays } from '../../db/schema';
import type { HolidayKind } from '../../../common/schemas/holidays';

const columns = {
  id: clinicHolidays.id,
  startDate: clinicHolidays.startDate,
  endDate: clinicHolidays.endDate,
  name: clinicHolidays.name,
  kind: clinicHolidays.kind,
};
export type Holiday = { id: string; startDate: string; endDate: string; name: string; kind: HolidayKind };

/** All SQL about public holidays and clinic closures. */
export function createHolidaysRepository(db: Db) {
  return {
    /** The holidays that touch the wall-clock days [from, to] (inclusive, `YYYY-MM-DD`), in date order. */
    async between(from: string, to: string, tx: Db = db): Promise<Holiday[]> {
      return tx
        .select(columns)
        .from(clinicHolidays)
        .where(and(lte(clinicHolidays.startDate, to), gte(clinicHolidays.endDate, from)))
        .orderBy(asc(clinicHolidays.startDate), asc(clinicHolidays.name));
    },

    /** The holiday of one day, if any (the first by start when ranges overlap). */
    async on(date: string, tx: Db = db): Promise<Holiday | undefined> {
      const [row] = await this.between(date, date, tx);
      return row;
    },

    async create(input: Omit<Holiday, 'id'>, tx: Tx): Promise<Holiday> {
      const [row] = await tx.insert(clinicHolidays).values(input).returning(columns);
      return row!;
    },

    /** Whether it existed. */
    async remove(id: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .delete(clinicHolidays)
        .where(eq(clinicHolidays.id, id))
        .returning({ id: clinicHolidays.id });
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
      return tx
        .insert(clinicHolidays)
        .values(missing.map((d) => ({ startDate: d.date, endDate: d.date, name: d.name, kind: d.kind })))
        .returning(columns);
    },
  };
}

export type HolidaysRepository = ReturnType<typeof createHolidaysRepository>;
