import type { CalendarFeedScope } from '../../../common/schemas/calendar-feeds';
import { feedVisibilityOf } from '../../access';
import { hashToken } from '../../identity';
import {
  audited,
  auditedRead,
  clock,
  minus,
  notFound,
  plus,
  readClinicSettings,
  type AuditEntry,
} from '../../platform';
import type { CoreDeps } from '../deps';
import { feedCalendar } from './feed';

/** What a feed covers: the last month and the next six. */
const FEED_DAYS_BACK = 30;
const FEED_DAYS_AHEAD = 180;
const FEED_NOT_FOUND = 'Este enlace de calendario no existe o ha sido revocado.';

const USER_NOT_FOUND = 'Usuario no encontrado';

/** An admin revokes a user's calendar feed, audited; 404 for a user that does not exist or has none. */
export const revokeFeedOf = (deps: Pick<CoreDeps, 'db' | 'repos'>, accountId: string, entry: AuditEntry) =>
  audited(
    deps.db,
    async (tx) => {
      if (!(await deps.repos.users.findById(accountId, tx))) throw notFound(USER_NOT_FOUND);
      if (!(await deps.repos.calendarFeeds.revoke(accountId, tx)))
        throw notFound('Este usuario no tiene un enlace de calendario.');
    },
    entry,
  );

/** The signed-in user's feed, if she made one, and the clinic's settings. */
export const myFeed = (deps: Pick<CoreDeps, 'repos'>, accountId: string) =>
  Promise.all([deps.repos.calendarFeeds.findByAccount(accountId), readClinicSettings(deps)]);

/** Replaces the user's feed with one of a new token, audited; answers the row and whether one was replaced. */
export const replaceFeed = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  accountId: string,
  scope: CalendarFeedScope,
  tokenHash: string,
  entry: (result: { replaced: boolean }) => AuditEntry,
) => audited(deps.db, (tx) => deps.repos.calendarFeeds.replace(accountId, scope, tokenHash, clock.now(), tx), entry);

/**
 * The iCalendar file of a live feed's token (the last month and the next six of what its owner may see), each
 * fetch in the audit trail as the feed's owner; 404 for a token that is not a live feed's.
 */
export async function feedFile(deps: Pick<CoreDeps, 'db' | 'repos'>, token: string, ip: string): Promise<string> {
  const feed = await deps.repos.calendarFeeds.findLiveByTokenHash(hashToken(token));
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const settings = await readClinicSettings(deps);
  const now = clock.nowMs();
  const visibility = feedVisibilityOf(feed);
  const doctorId = feed.scope === 'doctor' ? feed.accountId : undefined;
  const appointments = await auditedRead(
    deps.db,
    (db) =>
      deps.repos.appointments.visibleTo(visibility).listRange(
        {
          from: minus(now, { days: FEED_DAYS_BACK }),
          to: plus(now, { days: FEED_DAYS_AHEAD }),
          includeCancelled: false,
        },
        db,
      ),
    (rows) => ({
      actor: null,
      ip,
      action: 'list',
      entity: 'appointment',
      details: { view: 'calendar-feed', feedAccountId: feed.accountId, scope: feed.scope, results: rows.length },
    }),
  );
  const answers = await deps.repos.confirmations.forAppointments(appointments.map((view) => view.id));
  const confirmed = new Set(
    answers.filter((answer) => answer.answer === 'confirmed').map((answer) => answer.appointmentId),
  );
  const doctor = doctorId ? await deps.repos.doctors.findById(doctorId) : undefined;
  const name = `${settings.name} · ${doctor ? doctor.displayName : 'todas las citas'}`;
  return feedCalendar({ name, withDoctor: feed.scope === 'clinic', settings, appointments, confirmed });
}
