import { changeClinicSettings, transact } from '../../platform';
import type { SpanishRegion } from '../../../common/schemas/setup';
import { regionHolidays } from './regions';
import type { CoreDeps } from '../deps';
import type { Holiday, HolidaysRepository } from './repository';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;

/** The holidays and closures between two days, both included. */
export const holidaysBetween = (deps: Pick<CoreDeps, 'repos'>, from: string, to: string) =>
  deps.repos.holidays.between(from, to);

/** Adds a holiday or closure. */
export const addHoliday = (deps: Deps, input: Omit<Holiday, 'id'>) =>
  transact(deps.db, (tx) => deps.repos.holidays.create(input, tx));

/** Adds the days not yet there (a year's national holidays), answering those added. */
export const addMissingHolidays = (deps: Deps, days: Parameters<HolidaysRepository['addMissingDays']>[0]) =>
  transact(deps.db, (tx) => deps.repos.holidays.addMissingDays(days, tx));

/** Removes a holiday; false when there was none. */
export const removeHoliday = (deps: Deps, id: string) => transact(deps.db, (tx) => deps.repos.holidays.remove(id, tx));

/**
 * The national and the community's holidays of the years asked (the wizard's this year and next, the settings' one
 * year), added where the day has none yet, and the community kept in the settings so a later year loads from it.
 */
export const loadRegionHolidays = (deps: Deps, region: SpanishRegion, years: number[]) =>
  transact(deps.db, async (tx) => {
    const added = await deps.repos.holidays.addMissingDays(
      years.flatMap((year) => regionHolidays(region, year)),
      tx,
    );
    await changeClinicSettings(deps, { holidayRegion: region }, tx);
    return added;
  });
