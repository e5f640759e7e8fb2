import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LiveEvent } from '../../common/schemas/appointments';
import { EVENTS_CHANNEL } from '../modules/events/repository';

type Listener = (event: LiveEvent) => void;

export interface LiveEvents {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: Listener): () => void;
}

/**
 * Live events across instances: a change is published with PostgreSQL NOTIFY; every instance LISTENs
 * and hands it to its own subscribers (the SSE connections it serves).
 */
export default fp(async function eventsPlugin(app: FastifyInstance) {
  const listeners = new Set<Listener>();
  const stop = await app.database.listen(EVENTS_CHANNEL, (payload) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  });
  app.addHook('onClose', async () => {
    listeners.clear();
    await stop();
  });
  app.decorate('events', {
    async publish(event) {
      try {
        await app.repos.events.notify(JSON.stringify(event));
      } catch (error) {
        // A missed live update is repaired by the screens' periodic refresh; the change itself stands.
        app.log.warn({ err: (error as Error).name }, 'live event not published');
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies LiveEvents);
});
