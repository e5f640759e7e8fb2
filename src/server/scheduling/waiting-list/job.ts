import type { FastifyBaseLogger } from 'fastify';
import type { WaitingListService } from './service';
import { startPeriodicJob } from '../../platform';

/**
 * Matches the waiting list against availability every `intervalMs` (new working hours, a freed slot whose
 * offers all lapsed): `waitingList.matchAvailability` sends the offers through the outbox.
 */
export function startWaitingListJob(
  deps: { waitingList: Pick<WaitingListService, 'matchAvailability'>; log: FastifyBaseLogger },
  intervalMs = 5 * 60_000,
): () => void {
  return startPeriodicJob({
    log: deps.log,
    intervalMs,
    runAtStart: false,
    work: () => deps.waitingList.matchAvailability(),
    done: { key: 'sent', message: 'waiting-list offers queued' },
    failed: 'waiting-list match failed; retrying on the next one',
  });
}
