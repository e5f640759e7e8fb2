import type { OutgoingHttpHeaders } from 'node:http';
import type { RoutePlugin } from '../route-plugin';
import { api } from '../../../common/api-paths';
import { seesAgendaOf, seesConversationOf } from '../../access/ownership';
import { publicNotice } from '../messages/live';

const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events: staff screens hear about changes as they happen (admins all, doctors their own);
 * a paciente hears only about her own conversation.
 */
export const eventsRoutes: RoutePlugin = async (app, deps) => {
  const open = new Set<() => void>();
  // Closing the server ends the streams, or it would wait for every browser to leave.
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  app.get(api.events, { config: { access: 'events:subscribe' } }, async (request, reply) => {
    const { visibility, user } = request.scope;
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
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      close();
      response.end();
    };
    open.add(end);
    request.raw.on('close', close);
  });
};
