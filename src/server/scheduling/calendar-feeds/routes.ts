import { readClinicSettings } from '../../platform';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import {
  createdCalendarFeedSchema,
  feedFileParams,
  myCalendarFeedSchema,
  type CalendarFeedScope,
} from '../../../common/schemas/calendar-feeds';
import { feedScopeOf, feedVisibilityOf } from '../../access';
import { clock } from '../../platform';
import { notFound } from '../../platform';
import { requireUser } from '../../access';
import { audited, auditedRead, auditContext } from '../../platform';
import { feedCalendar } from './feed';
import { hashToken, newSecretToken } from '../../identity';

const DAY_MS = 86_400_000;
/** What a feed covers: the last month and the next six. */
const FEED_DAYS_BACK = 30;
const FEED_DAYS_AHEAD = 180;
const FEED_NOT_FOUND = 'Este enlace de calendario no existe o ha sido revocado.';

/** The feed itself, public with its token (`<token>.ics`); server-only, so kept out of the client's paths. */
export const calendarFeedPath = (file: string) => `/api/calendar-feeds/${file}`;

/**
 * Private, revocable iCalendar feeds: a doctor subscribes to their agenda, an admin to the whole
 * clinic's. The URL carries a random token of which only the SHA-256 is stored, so it is shown once,
 * when created; «Revocar y crear otro enlace» replaces it and the old URL answers 404.
 */
export const calendarFeedsRoutes: RoutePlugin = async (app, deps) => {
  const { repos } = deps;
  /** The feed's scope by the grant of the request (`access/calendar-feeds.ts`); the route's access ensures one. */
  const scopeOf = (request: FastifyRequest): CalendarFeedScope => feedScopeOf(request.scope.grant ?? 'own');

  app.get(
    api.myCalendarFeed,
    { config: { access: 'manage:calendar-feed' }, schema: { response: { 200: myCalendarFeedSchema } } },
    async (request) => {
      const user = requireUser(request);
      const [feed, settings] = await Promise.all([
        repos.calendarFeeds.findByAccount(user.id),
        readClinicSettings(deps),
      ]);
      return {
        scope: scopeOf(request),
        createdAt: feed?.createdAt.toISOString() ?? null,
        patientDisplay: settings.feedPatientDisplay,
      };
    },
  );

  app.post(
    api.myCalendarFeed,
    { config: { access: 'manage:calendar-feed' }, schema: { response: { 201: createdCalendarFeedSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = scopeOf(request);
      const { token, id: tokenHash } = newSecretToken();
      const settings = await readClinicSettings(deps);
      const { row } = await audited(
        deps.db,
        (tx) => repos.calendarFeeds.replace(user.id, scope, tokenHash, clock.now(), tx),
        ({ replaced }) => ({
          ...auditContext(request),
          action: replaced ? 'update' : 'create',
          entity: 'calendar_feed',
          entityId: user.id,
          details: { scope, revokedPrevious: replaced },
        }),
      );
      return reply.status(201).send({
        scope,
        createdAt: row.createdAt.toISOString(),
        patientDisplay: settings.feedPatientDisplay,
        url: `${deps.config.publicUrl}${calendarFeedPath(`${token}.ics`)}`,
      });
    },
  );

  app.get(
    calendarFeedPath(':file'),
    { config: { access: 'public', rateLimit: deps.config.limits.calendarFeed }, schema: { params: feedFileParams } },
    async (request, reply) => {
      const token = request.params.file.slice(0, -'.ics'.length);
      const feed = await repos.calendarFeeds.findLiveByTokenHash(hashToken(token));
      if (!feed) throw notFound(FEED_NOT_FOUND);
      const settings = await readClinicSettings(deps);
      const now = clock.nowMs();
      const visibility = feedVisibilityOf(feed);
      const doctorId = feed.scope === 'doctor' ? feed.accountId : undefined;
      // Who read what: the feed lists patients, so every fetch is in the audit trail (as the feed's owner).
      const appointments = await auditedRead(
        deps.db,
        (db) =>
          repos.appointments.visibleTo(visibility).listRange(
            {
              from: new Date(now - FEED_DAYS_BACK * DAY_MS),
              to: new Date(now + FEED_DAYS_AHEAD * DAY_MS),
              includeCancelled: false,
            },
            db,
          ),
        (rows) => ({
          actor: null,
          ip: request.ip,
          action: 'list',
          entity: 'appointment',
          details: { view: 'calendar-feed', feedAccountId: feed.accountId, scope: feed.scope, results: rows.length },
        }),
      );
      const answers = await repos.confirmations.forAppointments(appointments.map((view) => view.id));
      const confirmed = new Set(
        answers.filter((answer) => answer.answer === 'confirmed').map((answer) => answer.appointmentId),
      );
      const doctor = doctorId ? await repos.doctors.findById(doctorId) : undefined;
      const name = `${settings.name} · ${doctor ? doctor.displayName : 'todas las citas'}`;
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="agenda.ics"')
        .send(feedCalendar({ name, withDoctor: feed.scope === 'clinic', settings, appointments, confirmed }));
    },
  );
};
