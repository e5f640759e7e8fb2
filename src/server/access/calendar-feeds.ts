import type { Role } from '../../common/roles';
import type { CalendarFeedScope } from '../../common/schemas/calendar-feeds';
import { grantOf, type Grant } from './policy';
import { SEES_EVERYTHING, type Visibility } from './visibility';

/**
 * What a private iCalendar feed covers follows the grant of `manage:calendar-feed`: `any` (an admin) the
 * whole clinic's agenda, `own` (a doctor) her own.
 */
export const feedScopeOf = (grant: Grant): CalendarFeedScope => (grant === 'any' ? 'clinic' : 'doctor');

/**
 * Whether a feed's owner still holds the access its scope was made with: a feed dies with its owner's
 * access (demoted, or made a paciente) even before anyone revokes it.
 */
export function feedStillEntitled(scope: CalendarFeedScope, ownerRole: Role): boolean {
  const grant = grantOf(ownerRole, 'manage:calendar-feed');
  return grant !== null && feedScopeOf(grant) === scope;
}

/** The appointments a feed lists, read as its owner would: the clinic's all of them, a doctor's her agenda. */
export const feedVisibilityOf = (feed: { scope: CalendarFeedScope; accountId: string }): Visibility =>
  feed.scope === 'clinic' ? SEES_EVERYTHING : { kind: 'doctor', doctorId: feed.accountId };
