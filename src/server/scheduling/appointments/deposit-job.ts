import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicJob } from '../../platform';

/** Every `intervalMs` (a minute by default): the deposits' holds that ended, and the refunds owed (decision 0121). */
export function startDepositJob(
  deps: { appointments: { depositWork: () => Promise<number> }; log: FastifyBaseLogger },
  intervalMs = 60_000,
): () => void {
  return startPeriodicJob({
    log: deps.log,
    intervalMs,
    runAtStart: true,
    work: () => deps.appointments.depositWork(),
    done: { key: 'deposits', message: 'deposit holds freed or refunds made' },
    failed: 'deposit holds or refunds failed; retrying on the next run',
  });
}
