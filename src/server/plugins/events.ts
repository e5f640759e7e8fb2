import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LiveEvent } from '../../common/schemas/appointments';
import { EVENTS_CHANNEL } from '../modules/events/repository';
import type { MessageNotice } from '../modules/messages/live';

/** An account's access changed (disabled, role changed, sessions ended): its open streams must end. */
export interface AccessNotice {
  type: 'access';
  accountId: string;
}

/** An appointment change, a conversation's new message / read mark, or an account's access change. */
export type PublishedEvent = LiveEvent | MessageNotice | AccessNotice;

type Listener = (event: PublishedEvent) => void;
type ResyncListener = () => void;

export interface LiveEvents {
  publish(event: PublishedEvent): Promise<void>;
  /** `onResync` runs when events may have been missed (the LISTEN connection was lost and is back). */
  subscribe(listener: Listener, onResync?: ResyncListener): () => void;
}

/**
 * Live events across instances: a change is published with PostgreSQL NOTIFY; every instance LISTENs
 * and hands it to its own subscribers (the SSE connections it serves). The LISTEN heals by itself after
 * a lost connection (db/listener.ts); the subscribers stay and are told to catch up.
 */
export default fp(async function eventsPlugin(app: FastifyInstance) {
  const listeners = new Map<Listener, ResyncListener | undefined>();
  const stop = await app.database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      let event: PublishedEvent;
      try {
        event = JSON.parse(payload) as PublishedEvent;
      } catch {
        return;
      }
      for (const listener of listeners.keys()) listener(event);
    },
    () => {
      app.log.info('live events resumed after a lost database connection');
      for (const onResync of listeners.values()) onResync?.();
    },
  );
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
    subscribe(listener, onResync) {
      listeners.set(listener, onResync);
      return () => listeners.delete(listener);
    },
  } satisfies LiveEvents);
});
