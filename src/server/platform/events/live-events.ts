import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../../common/schemas/appointments';
import type { Database } from '../db/client';
import type { MessageLiveEvent } from '../../../common/schemas/messages';
import type { EventsRepository } from './repository';
import { EVENTS_CHANNEL } from './repository';

/** An account's access changed (disabled, role changed, sessions ended): its open streams must end. */
export interface AccessNotice {
  type: 'access';
  accountId: string;
}

/**
 * A session ended, whatever ended it: announced by the database itself when its row is deleted (the trigger of
 * migration 0036), so the streams it opened end on every instance.
 */
export interface SessionEndedNotice {
  type: 'session-ended';
  /** The session's public handle (never its token's hash). */
  handle: string;
}
/** An appointment change, a conversation's new message / read mark, an account's access change, a session's end. */
/** A message event as published between instances: it names the patient account, to filter on. */
export type MessageNotice = MessageLiveEvent & { patientAccountId: string | null };

export type PublishedEvent = LiveEvent | MessageNotice | AccessNotice | SessionEndedNotice;

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
 * a lost connection (platform/db/listener.ts); the subscribers stay and are told to catch up.
 */
export async function createLiveEvents(deps: {
  database: Pick<Database, 'listen'>;
  repos: { events: EventsRepository };
  log: FastifyBaseLogger;
}): Promise<LiveEvents & { close(): Promise<void> }> {
  const listeners = new Map<Listener, ResyncListener | undefined>();
  const stop = await deps.database.listen(
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
      deps.log.info('live events resumed after a lost database connection');
      for (const onResync of listeners.values()) onResync?.();
    },
  );
  return {
    async publish(event) {
      try {
        await deps.repos.events.notify(JSON.stringify(event));
      } catch (error) {
        // A missed live update is repaired by the screens' periodic refresh; the change itself stands.
        deps.log.warn({ err: (error as Error).name }, 'live event not published');
      }
    },
    subscribe(listener, onResync) {
      listeners.set(listener, onResync);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}
