import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../common/paths';
import { buildApp } from '../app';
import { clock } from '../clock';
import { openDatabase, type Database } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { buildTestApp, TEST_ORIGIN, testConfig, type TestApp } from '../test/app';
import { API_RATE_LIMITS } from './rate-limit';

const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Has hecho demasiadas solicitudes seguidas. Espera un momento y vuelve a intentarlo.',
};

let t: TestApp;
let second: FastifyInstance;
let secondDatabase: Database | undefined;

beforeAll(async () => {
  // Two instances on one database, as behind a load balancer: on PostgreSQL each with its own pool,
  // on PGlite sharing the one in-process database. Both trust the proxy's X-Forwarded-For.
  const config = { trustProxy: true };
  t = await buildTestApp({ relaxRateLimits: false, config });
  secondDatabase = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url }) : undefined;
  second = await buildApp({ config: testConfig(config), database: secondDatabase ?? t.database, logger: false, relaxRateLimits: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await t?.close();
});
beforeEach(() => clock.freeze('2026-03-02T09:00:00+01:00'));
afterEach(() => clock.freeze(null));

/** The i-th request goes to the first instance when i is even, to the second when odd. */
function onInstance(i: number, options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse> {
  const { cookie, headers, ...rest } = options;
  const app = i % 2 === 0 ? t.app : second;
  return app.inject({ ...rest, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } });
}

/** `count` requests split across both instances, 25 at a time; answers their status codes. */
async function spread(count: number, options: (i: number) => InjectOptions & { cookie?: string }): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, k) => onInstance(start + k, options(start + k)));
    statuses.push(...(await Promise.all(batch)).map((response) => response.statusCode));
  }
  return statuses;
}

function expectLimited(response: LightMyRequestResponse, retryAfterSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: RATE_LIMITED });
  expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
}

describe('rate limits shared by every instance', () => {
  it('counts a signed-in account across instances; colleagues behind the same address do not limit each other', async () => {
    const desk = await t.createUser({ role: 'admin' });
    const colleague = await t.createUser({ role: 'admin' });
    const session = { method: 'GET' as const, url: api.auth.session };
    // The cheapest signed-in request: the session lookup and the count, nothing else.
    const health = { method: 'GET' as const, url: api.health };

    const allowed = await spread(API_RATE_LIMITS.perAccount, () => ({ ...health, cookie: desk.cookie }));
    expect(allowed).toEqual(Array(API_RATE_LIMITS.perAccount).fill(200));
    // The 601st of the minute, on either instance, is refused with the time left in the window.
    expectLimited(await onInstance(0, { ...session, cookie: desk.cookie }), 60);
    expectLimited(await onInstance(1, { ...health, cookie: desk.cookie }), 60);

    // Same address (127.0.0.1), already far past the visitors' 300: each account has its own count…
    const other = await onInstance(1, { ...session, cookie: colleague.cookie });
    expect(other.statusCode).toBe(200);
    expect(other.json().user.id).toBe(colleague.id);
    // …and so do visitors of that address (the desk's sign-in pages, the public booking).
    expect((await onInstance(0, health)).statusCode).toBe(200);

    // A minute later the account's window has ended.
    clock.advance(API_RATE_LIMITS.windowMs);
    expect((await onInstance(0, { ...session, cookie: desk.cookie })).statusCode).toBe(200);
  });

  it('counts a visitor per address (the one X-Forwarded-For names, with TRUST_PROXY) across instances', async () => {
    const from = (address: string) => ({ method: 'GET' as const, url: api.health, headers: { 'x-forwarded-for': address } });
    const allowed = await spread(API_RATE_LIMITS.perAddress, () => from('203.0.113.7'));
    expect(allowed).toEqual(Array(API_RATE_LIMITS.perAddress).fill(200));
    expectLimited(await onInstance(1, from('203.0.113.7')), 60);
    // Another address is counted on its own.
    expect((await onInstance(0, from('203.0.113.8'))).statusCode).toBe(200);

    clock.advance(API_RATE_LIMITS.windowMs);
    expect((await onInstance(1, from('203.0.113.7'))).statusCode).toBe(200);
    // The sweep forgets the window that ended (203.0.113.8's) and keeps the one that just started.
    expect(await t.app.repos.rateLimits.deleteExpired(clock.now())).toBeGreaterThan(0);
    const keys = (await t.database.db.select().from(rateLimitHits)).map((row) => row.key);
    expect(keys).toContain('api|address:203.0.113.7');
    expect(keys).not.toContain('api|address:203.0.113.8');
  });

  it("a route's own limit (public booking: 10 an hour per address) is shared too, and counted apart from the general one", async () => {
    const book = () => ({
      method: 'POST' as const,
      url: api.public.bookings,
      payload: {},
      headers: { 'x-forwarded-for': '198.51.100.20' },
    });
    // Invalid bookings count too: the limit runs before the body is read.
    expect(await spread(10, book)).toEqual(Array(10).fill(400));
    expectLimited(await onInstance(0, book()), 3600);
    expect((await onInstance(1, { method: 'GET', url: api.health, headers: { 'x-forwarded-for': '198.51.100.20' } })).statusCode).toBe(200);
  });
});
