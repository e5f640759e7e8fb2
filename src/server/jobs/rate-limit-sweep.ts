import type { FastifyInstance } from 'fastify';
import { clock } from '../clock';

/**
 * Deletes ended rate-limit windows every `intervalMs`, so `rate_limit_hits` holds only the accounts and
 * addresses active in the last hour (the longest window). Every instance may run it: it is one
 * idempotent DELETE.
 */
export function startRateLimitSweep(app: FastifyInstance, intervalMs = 5 * 60_000): () => void {
  const timer = setInterval(() => {
    app.repos.rateLimits.deleteExpired(clock.now()).catch((error: Error) => {
      app.log.warn({ err: error.name }, 'rate-limit sweep failed; retrying on the next one');
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
