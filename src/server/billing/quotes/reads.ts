import type { Db } from '../../platform';
import type { Visibility } from '../../access';
import type { CoreDeps } from '../deps';

type Deps = Pick<CoreDeps, 'repos'>;

/**
 * The reads the quotes' routes make, as use cases: a route reaches no repository itself (one door to the data,
 * `test/routes-hold-no-repositories.test.ts`).
 */
export const clinicSettingsOf = (deps: Deps) => deps.repos.clinic.getSettings();
export const visibleQuotes = (deps: Deps, visibility: Visibility) => deps.repos.quotes.visibleTo(visibility);
export const findQuote = (deps: Deps, id: string) => deps.repos.quotes.findById(id);
export const activeQuoteServices = (deps: Deps) => deps.repos.quotes.activeServices();
export const linkableAppointmentsOf = (deps: Deps, patientId: string, tx?: Db) =>
  deps.repos.quotes.linkableAppointments(patientId, tx);
export const quotesOfferedIn = (deps: Deps, year: number, timeZone: string, today: string) =>
  deps.repos.quotes.offeredIn(year, timeZone, today);
