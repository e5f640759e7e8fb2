import type { FastifyBaseLogger } from 'fastify';
import type { WaitingListService } from '../modules/waiting-list/service';

/**
 * Matches the waiting list against availability every `intervalMs` (new working hours, a freed slot whose
 * offers all lapsed): `waitingList.matchAvailability` sends the offers through the outbox.
 */
export function startWaitingListJob(
  deps: { waitingList: Pick<WaitingListService, 'matchAvailability'>; log: FastifyBaseLogger },
  intervalMs = 5 * 60_000,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await deps.waitingList.matchAvailability();
      if (sent > 0) deps.log.info({ sent }, 'waiting-list offers queued');
    } catch (error) {
      deps.log.warn({ err: (error as Error).name }, 'waiting-list match failed; retrying on the next one');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
