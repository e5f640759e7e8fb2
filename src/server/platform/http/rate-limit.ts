import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clock } from '../clock';
import type { Limits } from '../limits';
import { createBatchedCounter, type BatchedCounter } from '../rate-limits/batched-counter';
import type { RateLimitsRepository } from '../rate-limits/repository';

/**
 * Who a request counts against: the signed-in account, or else the address (the client's own when
 * TRUST_PROXY is on, from `X-Forwarded-For`). A public route's own limit (sign-up, public booking, the
 * waiting list, reset and confirmation e-mails) counts per address whoever calls: a session cookie, which
 * each sign-up hands out, must not open a fresh count. The auth plugin resolves `request.user` in an
 * app-wide onRequest hook, and the limit runs as a route-level one, which Fastify always runs after those.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const config = request.routeOptions.config as { access?: string; rateLimit?: unknown };
  const publicOwnLimit = config.access === 'public' && typeof config.rateLimit === 'object';
  return request.user && !publicOwnLimit ? `account:${request.user.id}` : `address:${normalizeIP(request.ip)}`;
}

/**
 * A `@fastify/rate-limit` store in PostgreSQL (`rate_limit_hits`), so every instance counts against
 * the same limits. The general limit and each route's own (`config: { rateLimit }`) keep separate
 * counters: the route is part of the key. Counted through `counter` (`batched-counter.ts`): locally, and
 * written for every key in one statement a few times a second, exactly once a key nears its limit.
 */
function postgresStore(counter: BatchedCounter): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = 'api',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      counter
        .hit(`${this.scope}|${key}`, timeWindow, max, () => clock.nowMs())
        .then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
    }

    // The plugin passes the route's merged limit options, the route itself under `routeInfo` (its
    // type declaration says otherwise; its Redis store reads `routeInfo` too).
    child(options: unknown) {
      const route = (options as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
      return new PostgresRateLimitStore(undefined, `${[route.method].flat().join(',')} ${route.url}`);
    }
  }
  return PostgresRateLimitStore;
}

/**
 * Rate limits of the API and the short links (SPA files are not counted; nor is `GET /api/health`, whose route opts out with
 * `rateLimit: false`: load balancers poll it). The general limits come from the configuration
 * (`RATE_LIMIT_ACCOUNT`, `RATE_LIMIT_ADDRESS`); a route with a limit of its own (`config.rateLimit`, from
 * `config.limits`) is counted by that one instead. A 429 carries `Retry-After`, the seconds left in
 * the window. `relaxed` (tests that are not about limits): counters in memory with a fresh key per
 * request, so nothing is ever limited and no row is written.
 */
export default fp(async function rateLimitPlugin(
  app: FastifyInstance,
  options: { repos: { rateLimits: RateLimitsRepository }; limits: Limits; relaxed?: boolean },
) {
  const { apiPerAccount, apiPerAddress } = options.limits;
  const counter = createBatchedCounter(options.repos.rateLimits, {
    onError: (error) => app.log.warn({ err: error.name }, 'rate-limit counts not written; retrying'),
  });
  // A stopping server writes what it counted (before the database closes: this plugin's onClose runs first).
  if (!options.relaxed) app.addHook('onClose', async () => counter.flush(clock.nowMs()).catch(() => undefined));
  const generalLimit = (key: string) => (key.startsWith('account:') ? apiPerAccount : apiPerAddress);
  await app.register(fastifyRateLimit, {
    global: true,
    // The API and the short links (`/r/<code>`, which a guesser would try by the thousand) count; the app's files do not.
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/r/'),
    addHeaders: { 'retry-after': true },
    ...(options.relaxed
      ? { max: 100_000, timeWindow: 60_000, keyGenerator: () => crypto.randomUUID() }
      : {
          max: (_request: FastifyRequest, key: string) => generalLimit(key).max,
          timeWindow: (_request: FastifyRequest, key: string) => generalLimit(key).timeWindow,
          keyGenerator: rateLimitKey,
          store: postgresStore(counter),
        }),
  });
});
