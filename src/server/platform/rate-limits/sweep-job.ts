import { clock } from '../clock';
import { transact } from '../db/transaction';
import type { CoreDeps } from '../deps';
import { durationMs } from '../dates';

/**
 * Deletes ended rate-limit windows every `intervalMs`, so `rate_limit_hits` holds only the accounts and
 * addresses active in the last hour (the longest window). Every instance may run it: it is one
 * idempotent DELETE.
 */
export function startRateLimitSweep(
  deps: Pick<CoreDeps, 'db' | 'repos' | 'log'>,
  intervalMs = durationMs({ minutes: 5 }),
): () => void {
  const timer = setInterval(() => {
    transact(deps.db, (tx) => deps.repos.rateLimits.deleteExpired(clock.now(), tx)).catch((error: Error) => {
      deps.log.warn({ err: error.name }, 'rate-limit sweep failed; retrying on the next one');
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
