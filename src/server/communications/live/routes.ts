import { staffIdleMinutesOf } from '../../platform';
import type { OutgoingHttpHeaders } from 'node:http';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { seesAgendaOf, seesConversationOf } from '../../access';
import { publicNotice } from '../messages/live';
import { endSessionIfLapsed, sessionDeadline } from '../../identity';
import { sessionRowsOf } from '../../identity';
import { clock } from '../../platform';

const HEARTBEAT_MS = 25_000;
/** How often a stream compares the clock with its session's deadline (no query until the deadline passes). */
const LAPSE_CHECK_MS = 1_000;

/**
 * Server-Sent Events: staff screens hear about changes as they happen (admins all, doctors their own);
 * a paciente hears only about her own conversation.
 */
export const liveRoutes: RoutePlugin = async (app, deps) => {
  const open = new Set<() => void>();
  // Closing the server ends the streams, or it would wait for every browser to leave.
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  app.get(api.events, { config: { access: 'subscribe:events' } }, async (request, reply) => {
    const { visibility, user } = request.scope;
    const signedIn = sessionRowsOf(request);
    // The stream lives as long as its session, and not a moment more (issue 33).
    const sessionHandle = signedIn?.session.handle;
    let deadline = signedIn
      ? sessionDeadline(signedIn.session, signedIn.profile.role, {
          lock: deps.idleLock ?? true,
          minutes: await staffIdleMinutesOf(deps),
        })
      : Infinity;
    reply.hijack();
    const response = reply.raw;
    // A hijacked reply skips Fastify's sending: the headers the hooks set so far (the security headers)
    // are written here by hand.
    response.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    response.write('retry: 5000\n\n');
    const unsubscribe = deps.events.subscribe(
      (event) => {
        // The account's access changed (disabled, demoted, signed out elsewhere): this stream was opened
        // with the old visibility, so it ends now; the browser reconnects with what it may see today.
        if (event.type === 'access') {
          if (event.accountId === user?.id) end();
          return;
        }
        // Its session ended (signed out, closed from another device or by an admin, a password change, the
        // account disabled, expired or idle), on this instance or another.
        if (event.type === 'session-ended') {
          if (event.handle === sessionHandle) end();
          return;
        }
        if (event.type === 'message') {
          if (seesConversationOf(visibility, event))
            response.write(`event: message\ndata: ${JSON.stringify(publicNotice(event))}\n\n`);
          return;
        }
        if (!seesAgendaOf(visibility, event.doctorId)) return;
        response.write(`event: appointment\ndata: ${JSON.stringify(event)}\n\n`);
      },
      // Changes made while this instance was not listening were not announced: screens refetch.
      () => response.write('event: resync\ndata: {}\n\n'),
    );
    const heartbeat = setInterval(() => response.write(': latido\n\n'), HEARTBEAT_MS);
    // Expiry and idle time pass without any request: past its deadline the stream looks at its session
    // (renewed meanwhile, it goes on to the new deadline; lapsed, it is deleted and the stream ends).
    let looking = false;
    const lapseCheck = setInterval(() => {
      if (looking || clock.nowMs() < deadline || !user) return;
      looking = true;
      endSessionIfLapsed(deps, user.sessionId)
        .then((next) => (next === null ? end() : (deadline = next)))
        .catch(() => undefined) // the database is away: the next tick looks again
        .finally(() => (looking = false));
    }, LAPSE_CHECK_MS);
    let ended = false;
    const close = () => {
      clearInterval(heartbeat);
      clearInterval(lapseCheck);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      if (ended) return;
      ended = true;
      close();
      response.end();
    };
    open.add(end);
    request.raw.on('close', close);
  });
};
