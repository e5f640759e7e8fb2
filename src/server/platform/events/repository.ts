import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The live events' channel; the trigger that announces a session's end (migration 0036) names it too. */
export const EVENTS_CHANNEL = 'clinica_events';

export function createEventsRepository(db: Db) {
  return {
    /** Tells every instance (LISTEN on the channel) that something changed. */
    async notify(payload: string, tx: Db = db) {
      await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${payload})`);
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
