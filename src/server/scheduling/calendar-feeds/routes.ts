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
import { feedScopeOf } from '../../access';
import { requireUser } from '../../access';
import { auditContext } from '../../platform';
import { newSecretToken } from '../../identity';
import { feedFile, myFeed, replaceFeed } from './use-cases';

/** The feed itself, public with its token (`<token>.ics`); server-only, so kept out of the client's paths. */
export const calendarFeedPath = (file: string) => `/api/calendar-feeds/${file}`;

/**
 * Private, revocable iCalendar feeds: a doctor subscribes to their agenda, an admin to the whole
 * clinic's. The URL carries a random token of which only the SHA-256 is stored, so it is shown once,
 * when created; «Revocar y crear otro enlace» replaces it and the old URL answers 404.
 */
export const calendarFeedsRoutes: RoutePlugin = async (app, deps) => {
  /** The feed's scope by the grant of the request (`access/calendar-feeds.ts`); the route's access ensures one. */
  const scopeOf = (request: FastifyRequest): CalendarFeedScope => feedScopeOf(request.scope.grant ?? 'own');

  app.get(
    api.myCalendarFeed,
    { config: { access: 'manage:calendar-feed' }, schema: { response: { 200: myCalendarFeedSchema } } },
    async (request) => {
      const user = requireUser(request);
      const [feed, settings] = await myFeed(deps, user.id);
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
      const { row } = await replaceFeed(deps, user.id, scope, tokenHash, ({ replaced }) => ({
        ...auditContext(request),
        action: replaced ? 'update' : 'create',
        entity: 'calendar_feed',
        entityId: user.id,
        details: { scope, revokedPrevious: replaced },
      }));
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
      const file = await feedFile(deps, token, request.ip);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="agenda.ics"')
        .send(file);
    },
  );
};
