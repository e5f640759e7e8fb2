import { durationMs, startPeriodicJob } from '../../platform';
import type { CoreDeps, Repositories } from '../deps';
import { sweepShortLinks } from './use-cases';

/** Deletes, every hour, the short links expired long ago (`EXPIRED_KEPT_DAYS`). Idempotent: every instance may run it. */
export function startShortLinkSweep(
  deps: Pick<CoreDeps, 'db' | 'config' | 'log'> & { repos: Pick<Repositories, 'shortLinks'> },
  intervalMs = durationMs({ hours: 1 }),
): () => void {
  return startPeriodicJob({
    log: deps.log,
    intervalMs,
    runAtStart: false,
    work: () => sweepShortLinks(deps),
    done: { key: 'deleted', message: 'expired short links deleted' },
    failed: 'short-link sweep failed; retrying on the next one',
  });
}
