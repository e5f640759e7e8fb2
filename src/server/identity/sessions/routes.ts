import { staffIdleMinutesOf } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { transact, toInstant, minus } from '../../platform';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import type { Role } from '../../../common/roles';
import {
  endedSessionsSchema,
  idleStateSchema,
  keepAliveSchema,
  LOCKS_WHEN_IDLE,
  openSessionListSchema,
  SESSION_NOT_FOUND,
  sessionParamsSchema,
  type IdleState,
} from '../../../common/schemas/sessions';
import { clock } from '../../platform';
import { notFound } from '../../platform';
import { requireUser } from '../../access';
import { sessionRowsOf } from './session-plugin';
import { auditContext } from '../../platform';
import { clearSessionCookie } from '../auth/sessions';
import { describeDevice } from './device';
import type { OpenSessionRow } from './repository';
import { endSessionsOfUser, markSessionActive, USER_NOT_FOUND } from './use-cases';

const own = { access: 'manage:sessions' } as const;

/** The idle lock's clock of a session: how long it has left by the server's clock (`null`s when it does not lock). */
export function idleStateOf(locks: boolean, activeAt: Date, idleMinutes: number, nowMs: number): IdleState {
  if (!locks) return { idleTimeoutSeconds: null, remainingSeconds: null };
  const idleMs = idleMinutes * 60_000;
  return {
    idleTimeoutSeconds: idleMinutes * 60,
    remainingSeconds: Math.max(0, Math.floor((activeAt.getTime() + idleMs - nowMs) / 1000)),
  };
}

/**
 * «Sesiones abiertas» (issue 21, item 3): a user lists and ends her own sessions — reached through the
 * access scope, which hands a request its own account's and no other's — and an admin ends every session
 * of a user. The idle lock's clock and keep-alive (item 4): only `POST /api/me/activity`, which the client
 * sends on the person's input (throttled), moves a session's `active_at`; no other request does.
 */
export const sessionsRoutes: RoutePlugin = async (app, deps) => {
  /** Off only in tests that move the clock by hours (`BuildOptions.idleLock`): then no session locks. */
  const locks = (role: Role) => (deps.idleLock ?? true) && LOCKS_WHEN_IDLE[role];
  const present = (row: OpenSessionRow, current: { id: string; ip: string }, nowMs: number) => {
    const isCurrent = row.id === current.id;
    return {
      id: row.handle,
      // This very request is the session's latest use, whatever the throttled columns say.
      ...describeDevice(row.userAgent, isCurrent ? current.ip : row.ip),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: (isCurrent ? toInstant(nowMs) : row.lastSeenAt).toISOString(),
      current: isCurrent,
    };
  };

  /** Sessions idle since before this instant have ended (staff): they are not listed as open. */
  async function idleCutoff(role: Role, nowMs: number): Promise<Date | null> {
    if (!locks(role)) return null;
    return minus(nowMs, { minutes: await staffIdleMinutesOf(deps) });
  }

  /** Open live streams of the account end: the browser reconnects with a session that still exists, or not at all. */
  const endStreams = (accountId: string) => deps.events.publish({ type: 'access', accountId });

  app.get(api.mySessions, { config: own, schema: { response: { 200: openSessionListSchema } } }, async (request) => {
    const user = requireUser(request);
    const nowMs = clock.nowMs();
    const rows = await request.scope.mySessions().listOpen(toInstant(nowMs), await idleCutoff(user.role, nowMs));
    const items = rows.map((row) => present(row, { id: user.sessionId, ip: request.ip }, nowMs));
    // This session first, then the most recently used.
    return { items: [...items.filter((item) => item.current), ...items.filter((item) => !item.current)] };
  });

  app.delete(
    api.mySession(':id'),
    { config: own, schema: { params: sessionParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      const ended = await transact(deps.db, (tx) => request.scope.mySessions().endOne(request.params.id, tx));
      if (!ended) throw notFound(SESSION_NOT_FOUND);
      await endStreams(user.id);
      // Closing this very session is signing out here.
      if (ended === user.sessionId) clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    api.endOtherSessions,
    { config: own, schema: { response: { 200: endedSessionsSchema } } },
    async (request) => {
      const user = requireUser(request);
      const ended = await transact(deps.db, (tx) => request.scope.mySessions().endOthers(user.sessionId, tx));
      if (ended > 0) await endStreams(user.id);
      return { ended };
    },
  );

  app.get(api.myActivity, { config: own, schema: { response: { 200: idleStateSchema } } }, async (request) => {
    const user = requireUser(request);
    const session = sessionRowsOf(request)!.session;
    return idleStateOf(locks(user.role), session.activeAt, await staffIdleMinutesOf(deps), clock.nowMs());
  });

  app.post(
    api.myActivity,
    { config: own, schema: { body: keepAliveSchema, response: { 200: idleStateSchema } } },
    async (request) => {
      const user = requireUser(request);
      const now = clock.nowMs();
      // The input was `idleMs` ago (the keep-alive is throttled): the idle clock starts from it, never going back.
      const input = minus(now, { milliseconds: request.body?.idleMs ?? 0 });
      const activeAt = await markSessionActive(deps, user.sessionId, input);
      return idleStateOf(locks(user.role), activeAt, await staffIdleMinutesOf(deps), now);
    },
  );

  app.delete(
    api.userSessions(':id'),
    {
      config: { access: 'manage:users' },
      schema: { params: z.object({ id: z.uuid({ error: USER_NOT_FOUND }) }), response: { 200: endedSessionsSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const ended = await endSessionsOfUser(deps, id, (count) => ({
        ...auditContext(request),
        action: 'delete',
        entity: 'account',
        entityId: id,
        details: { sessionsEnded: count },
      }));
      await endStreams(id);
      return { ended };
    },
  );
};
