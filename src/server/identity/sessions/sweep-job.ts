import { clock, minus, durationMs } from '../../platform';
import { transact } from '../../platform';
import type { CoreDeps } from '../deps';

/**
 * Deletes ended sessions every `intervalMs`: past their expiry, or staff sessions idle longer than the
 * clinic's idle time (a request would end them anyway; a desk never used again should not keep a row), and
 * devices not seen for 180 days. Every instance may run it: it is idempotent.
 */
export function startSessionSweep(
  deps: Pick<CoreDeps, 'db' | 'repos' | 'log'>,
  intervalMs = durationMs({ minutes: 15 }),
): () => void {
  const sweep = async () => {
    const staffIdleMinutes = await deps.repos.clinic.staffIdleMinutes();
    const now = clock.now();
    await transact(deps.db, (tx) => deps.repos.sessions.sweep(now, minus(now, { minutes: staffIdleMinutes }), tx));
  };
  const timer = setInterval(() => {
    sweep().catch((error: Error) =>
      deps.log.warn({ err: error.name }, 'session sweep failed; retrying on the next one'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
