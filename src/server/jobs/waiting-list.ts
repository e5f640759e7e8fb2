import type { FastifyInstance } from 'fastify';

/**
 * Matches the waiting list against availability every `intervalMs` (new working hours, a freed slot whose
 * offers all lapsed): `waitingList.matchAvailability` sends the offers through the outbox.
 */
export function startWaitingListJob(app: FastifyInstance, intervalMs = 5 * 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await app.waitingList.matchAvailability();
      if (sent > 0) app.log.info({ sent }, 'waiting-list offers queued');
    } catch (error) {
      app.log.warn({ err: (error as Error).name }, 'waiting-list match failed; retrying on the next one');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
