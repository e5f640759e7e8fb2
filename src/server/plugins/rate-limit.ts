import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clock } from '../clock';
import type { Repositories } from '../repositories';

/**
 * The general API limits, per minute. A busy front desk (a screen refreshing, a few searches and
 * bookings a minute per person) stays far below them; a script hammering the API does not.
 */
export const API_RATE_LIMITS = {
  /** A signed-in user, whichever address they come from and however many colleagues share it. */
  perAccount: 600,
  /** A visitor (not signed in), per address: IPv4, or the /64 of an IPv6 address. */
  perAddress: 300,
  windowMs: 60_000,
} as const;

/**
 * Who a request counts against: the signed-in account, or else the address (the client's own when
 * TRUST_PROXY is on, from `X-Forwarded-For`). The auth plugin resolves `request.user` in an app-wide
 * onRequest hook, and the limit runs as a route-level one, which Fastify always runs after those.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return request.user ? `account:${request.user.id}` : `address:${normalizeIP(request.ip)}`;
}

/**
 * A `@fastify/rate-limit` store in PostgreSQL (`rate_limit_hits`), so every instance counts against
 * the same limits. The general limit and each route's own (`config: { rateLimit }`) keep separate
 * counters: the route is part of the key.
 */
function postgresStore(repos: Repositories): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = 'api',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      repos.rateLimits.hit(`${this.scope}|${key}`, timeWindow, clock.nowMs()).then(
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
 * Rate limits of the API (SPA files are not counted). `relaxed` (tests that are not about limits):
 * counters in memory with a fresh key per request, so nothing is ever limited and no row is written.
 */
export default fp(async function rateLimitPlugin(app: FastifyInstance, options: { relaxed?: boolean }) {
  await app.register(fastifyRateLimit, {
    global: true,
    timeWindow: API_RATE_LIMITS.windowMs,
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(options.relaxed
      ? { max: 100_000, keyGenerator: () => crypto.randomUUID() }
      : {
          max: (_request: FastifyRequest, key: string) =>
            key.startsWith('account:') ? API_RATE_LIMITS.perAccount : API_RATE_LIMITS.perAddress,
          keyGenerator: rateLimitKey,
          store: postgresStore(app.repos),
        }),
  });
});
