import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../common/api-paths';
import { buildApp } from '../../app';
import { clock } from '../clock';
import { openDatabase, type Database } from '../db/client';
import { auditLog, rateLimitHits } from '../db/schema';
import { buildTestApp, TEST_ORIGIN, TEST_PASSWORD, testConfig, type TestApp } from '../../test/app';
import { DEFAULT_LIMITS } from '../limits';
import { RATE_LIMIT_FLUSH_MS } from '../rate-limits/batched-counter';

const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Has hecho demasiadas solicitudes seguidas. Espera un momento y vuelve a intentarlo.',
};

let t: TestApp;
let second: FastifyInstance;
let secondDatabase: Database | undefined;

beforeAll(async () => {
  // Two instances on one database, as behind a load balancer: on PostgreSQL each with its own pool,
  // on PGlite sharing the one in-process database. Both trust the proxy's X-Forwarded-For: the first by
  // its address (TRUST_PROXY=127.0.0.1), the second by a hop count (TRUST_PROXY=1); both take the
  // address the proxy appended, never the one the client wrote.
  t = await buildTestApp({ relaxRateLimits: false, config: { trustProxy: ['127.0.0.1'] } });
  secondDatabase = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url }) : undefined;
  second = await buildApp({
    config: testConfig({ trustProxy: 1 }),
    database: secondDatabase ?? t.database,
    logger: false,
    relaxRateLimits: false,
  });
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
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, k) =>
      onInstance(start + k, options(start + k)),
    );
    statuses.push(...(await Promise.all(batch)).map((response) => response.statusCode));
  }
  return statuses;
}

/** Real time past the interval at which each instance writes its local counts. */
// The flush interval, and time for its write to end on a busy machine (the CI runs this beside the browser suite).
const pastFlush = () => new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_FLUSH_MS + 800));

function expectLimited(response: LightMyRequestResponse, retryAfterSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: RATE_LIMITED });
  expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
}

describe('rate limits shared by every instance', () => {
  it('counts a signed-in account across instances; colleagues behind the same address do not limit each other', async () => {
    const desk = await t.createUser({ role: 'admin' });
    const colleague = await t.createUser({ role: 'admin' });
    // The cheapest signed-in request: the session lookup and the count, nothing else.
    const session = { method: 'GET' as const, url: api.auth.session };
    const { apiPerAccount } = DEFAULT_LIMITS;

    const allowed = await spread(apiPerAccount.max, () => ({ ...session, cookie: desk.cookie }));
    expect(allowed).toEqual(Array(apiPerAccount.max).fill(200));
    // Below half of a limit each instance counts locally and writes its counts every flush interval: once
    // that has passed, every instance knows the whole count (the tolerance: docs/decisions/0057-scale-bookings-and-every-core.md).
    await pastFlush();
    // The 601st of the minute, on either instance, is refused with the time left in the window.
    expectLimited(await onInstance(0, { ...session, cookie: desk.cookie }), 60);
    expectLimited(await onInstance(1, { method: 'GET', url: api.patients, cookie: desk.cookie }), 60);

    // Same address (127.0.0.1), already far past the visitors' 300: each account has its own count…
    const other = await onInstance(1, { ...session, cookie: colleague.cookie });
    expect(other.statusCode).toBe(200);
    expect(other.json().user.id).toBe(colleague.id);
    // …and so do visitors of that address (the desk's sign-in pages, the public booking).
    expect((await onInstance(0, session)).statusCode).toBe(200);

    // A minute later the account's window has ended.
    clock.advance(apiPerAccount.timeWindow);
    expect((await onInstance(0, { ...session, cookie: desk.cookie })).statusCode).toBe(200);
  });

  it('counts a visitor per address (the one X-Forwarded-For names, with TRUST_PROXY) across instances', async () => {
    const from = (address: string) => ({
      method: 'GET' as const,
      url: api.auth.session,
      headers: { 'x-forwarded-for': address },
    });
    const { apiPerAddress } = DEFAULT_LIMITS;
    const allowed = await spread(apiPerAddress.max, () => from('203.0.113.7'));
    expect(allowed).toEqual(Array(apiPerAddress.max).fill(200));
    await pastFlush();
    expectLimited(await onInstance(1, from('203.0.113.7')), 60);
    // Another address is counted on its own.
    expect((await onInstance(0, from('203.0.113.8'))).statusCode).toBe(200);

    clock.advance(apiPerAddress.timeWindow);
    expect((await onInstance(1, from('203.0.113.7'))).statusCode).toBe(200);
    // The sweep forgets the window that ended (203.0.113.8's) and keeps the one that just started.
    expect(await t.write((tx) => t.deps.repos.rateLimits.deleteExpired(clock.now(), tx))).toBeGreaterThan(0);
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
    await pastFlush();
    expectLimited(await onInstance(0, book()), 3600);
    expect(
      (await onInstance(1, { method: 'GET', url: api.auth.session, headers: { 'x-forwarded-for': '198.51.100.20' } }))
        .statusCode,
    ).toBe(200);
  });

  it('a public route counts per address whoever calls: a session cookie does not open a fresh count (sign-ups cannot chain)', async () => {
    const address = { 'x-forwarded-for': '198.51.100.77' };
    let n = 0;
    const signUp = (cookie?: string) => ({
      method: 'POST' as const,
      url: api.auth.signUp,
      cookie,
      headers: address,
      payload: { email: `cadena-${++n}@prueba.test`, password: 'una-clave-segura-1', displayName: `Cadena ${n}` },
    });
    const first = await onInstance(0, signUp());
    expect(first.statusCode).toBe(201);
    const cookie = /clinica_session=[^;]+/.exec(String(first.headers['set-cookie']))![0];
    expect(await spread(9, () => signUp())).toEqual(Array(9).fill(201));
    // Each instance wrote what it counted below half of the limit (the tolerance: docs/decisions/0057-scale-bookings-and-every-core.md).
    await pastFlush();
    // The 11th sign-up of the quarter from this address, carrying the session the first one handed out.
    expectLimited(await onInstance(1, signUp(cookie)), 900);
    // So does a signed-in paciente's public booking beyond the visitors' 10 an hour from her address.
    const patient = await t.createUser({});
    const book = () => ({
      method: 'POST' as const,
      url: api.public.bookings,
      payload: {},
      cookie: patient.cookie,
      headers: { 'x-forwarded-for': '198.51.100.78' },
    });
    expect(await spread(10, book)).toEqual(Array(10).fill(400));
    await pastFlush();
    expectLimited(await onInstance(0, book()), 3600);
  });

  it('TRUST_PROXY believes only the nearest proxy: a rotating left-most X-Forwarded-For neither dodges the sign-in throttle nor reaches the audit', async () => {
    // What the client writes comes first; the proxy appends the address it saw (198.51.100.90).
    const signIn = (i: number) => ({
      method: 'POST' as const,
      url: api.auth.signIn,
      headers: { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.90` },
      payload: { email: `nadie-${i}@prueba.test`, password: 'una-clave-cualquiera' },
    });
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await onInstance(i, signIn(i))).statusCode);
    expect(statuses).toEqual([...Array(30).fill(404), 429]);
    const account = await t.createUser({ role: 'admin' });
    const seen = await onInstance(0, {
      method: 'GET',
      url: api.patients,
      cookie: account.cookie,
      headers: { 'x-forwarded-for': '10.1.1.1, 198.51.100.91' },
    });
    expect(seen.statusCode).toBe(200);
    const entries = await t.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.actorId, account.id));
    expect(entries.map((entry) => entry.ip)).toEqual(['198.51.100.91']);
  });
});

describe('limits an operator sets', () => {
  it('GET /api/health is never limited: a load balancer may poll it more often than any limit allows', async () => {
    const mostAllowed = Math.max(...Object.values(DEFAULT_LIMITS).map((limit) => limit.max));
    const poll = () => ({ method: 'GET' as const, url: api.health, headers: { 'x-forwarded-for': '192.0.2.50' } });
    expect(await spread(mostAllowed + 1, poll)).toEqual(Array(mostAllowed + 1).fill(200));
    // Nothing was counted for it; the address's other requests still are.
    const keys = (await t.database.db.select().from(rateLimitHits)).map((row) => row.key);
    expect(keys.filter((key) => key.includes('192.0.2.50'))).toEqual([]);
    expect((await onInstance(0, { ...poll(), url: api.auth.session })).headers['x-ratelimit-remaining']).toBe(
      String(DEFAULT_LIMITS.apiPerAddress.max - 1),
    );
  });

  it('the general limits, a route limit and the sign-in lockout follow the configuration, each 429 with Retry-After', async () => {
    const configured = await buildApp({
      config: testConfig({
        trustProxy: ['127.0.0.1'],
        limits: {
          ...DEFAULT_LIMITS,
          apiPerAddress: { max: 3, timeWindow: 20_000 },
          publicBooking: { max: 2, timeWindow: 120_000 },
          signInPerAccount: { max: 2, timeWindow: 300_000 },
        },
      }),
      database: t.database,
      logger: false,
      relaxRateLimits: false,
    });
    try {
      const from = (address: string, options: InjectOptions) =>
        configured.inject({ ...options, headers: { origin: TEST_ORIGIN, 'x-forwarded-for': address } });
      const visit = () => from('192.0.2.60', { method: 'GET', url: api.auth.session });
      expect([(await visit()).statusCode, (await visit()).statusCode, (await visit()).statusCode]).toEqual([
        200, 200, 200,
      ]);
      expectLimited(await visit(), 20);
      clock.advance(5_000);
      expectLimited(await visit(), 15);

      const book = () => from('192.0.2.61', { method: 'POST', url: api.public.bookings, payload: {} });
      expect([(await book()).statusCode, (await book()).statusCode]).toEqual([400, 400]);
      expectLimited(await book(), 120);

      const user = await t.createUser({});
      const signIn = (password: string) =>
        from('192.0.2.62', { method: 'POST', url: api.auth.signIn, payload: { email: user.email, password } });
      expect([(await signIn('mala-clave-1')).statusCode, (await signIn('mala-clave-2')).statusCode]).toEqual([
        401, 401,
      ]);
      const locked = await signIn(TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('300');
      expect(locked.json().error.message).toBe(
        'Demasiados intentos fallidos. Espera 5 minutos antes de volver a intentarlo o restablece tu contraseña.',
      );
      clock.advance(300_000);
      expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await configured.close();
    }
  });
});
