import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { accounts, profiles } from '../../platform/db/schema';
import { hashPassword } from '../../identity/auth/passwords';
import { buildTestApp, TEST_PASSWORD } from '../app';
import type { MatrixCase } from '../access-matrix/helpers';
import { MATRIX } from '../access-matrix/table';
import { buildWorld, NOW, type Actor, type World } from '../access-matrix/world';
import { jsonBody, multipartBody, pathSegment, queryString, type FuzzBody } from './arbitraries';
import { changedTables, installWriteCounter, snapshot, writeCount, type Snapshot } from './snapshot';
import { errorBodyProblem, pageProblem } from './spanish';

/**
 * Fuzzing of every route (issue 14, item 2). The routes come from the app itself (`app.accessRoutes`,
 * filled by the access plugin's `onRoute` hook), so a route added later is fuzzed without a line here.
 * Each gets random and malformed path params, query strings, JSON bodies and multipart uploads, as a
 * visitor, paciente A, doctor A and an admin of the access matrix's world. Properties:
 *  - never a 5xx;
 *  - a 4xx answers the catalogue's shape with a Spanish message (./spanish.ts);
 *  - a 4xx changes nothing in the database: row counts and a hash of every table's rows are compared
 *    before and after each refused request (./snapshot.ts names the two tables that may change, and why).
 *
 * Replay a failure with the seed it prints: `FUZZ_SEED=<seed> npx vitest run src/server/test/fuzz/routes.fuzz.test.ts`;
 * run longer with `FUZZ_RUNS=<runs per route>` (default 3 per route and actor).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 140_2030);
const FUZZ_ACTORS = ['visitor', 'pacienteA', 'doctorA', 'admin'] as const satisfies readonly Actor[];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

clock.freeze(NOW);
const t = await buildTestApp();
/** Every route the app declares (`/api`, and the short links `/r/`; HEAD routes share their GET's handler). */
const ROUTES = t.app.accessRoutes.filter((route) => route.method !== 'HEAD');

let w: World;
let baseUrl: string;
let ids: string[];
let last: { snapshot: Snapshot; writes: string } | undefined;
/**
 * True while nothing but the fuzzed requests touched the database since `last` was read after the
 * previous request (the app's background jobs do not run in tests), so that state is this request's
 * «before» without a second look; the test's own writes (sessions put back, a fresh sign-in) clear it.
 */
let untouched = false;
/** Who each actor is, to put back an actor a fuzzed request deactivated, demoted or signed out. */
const identity: Partial<Record<Actor, { id: string; email: string; role: string }>> = {};
/** Requests sent per route and actor: the last test fails by name on a route nobody fuzzed. */
const sent = new Map<string, Set<Actor>>();
/** What the run did, printed at the end: requests by status class, full snapshots, where the time went. */
const stats = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, fullSnapshots: 0, requestMs: 0, snapshotMs: 0 };

beforeAll(async () => {
  w = await buildWorld(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  ids = collectIds(w);
  for (const actor of FUZZ_ACTORS) {
    if (actor === 'visitor') continue;
    const session = (await t.request({ method: 'GET', url: '/api/auth/session', cookie: w.cookies[actor] })).json();
    identity[actor] = { id: session.user.id, email: session.user.email, role: session.profile.role };
  }
  await installWriteCounter(t.database.db);
}, 120_000);

afterAll(async () => {
  const { requestMs, snapshotMs, ...counts } = stats;
  console.log(
    `fuzz (seed ${SEED}, ${RUNS} runs per route and actor): ${JSON.stringify(counts)}; ${Math.round(requestMs)} ms in requests, ${Math.round(snapshotMs)} ms in snapshots`,
  );
  await t.close();
  clock.freeze(null);
});

describe('fuzzing every route', () => {
  it('finds the routes in the app', () => {
    expect(ROUTES.length).toBeGreaterThan(80);
  });

  for (const route of ROUTES) {
    const key = `${route.method} ${route.url}`;
    it(
      key,
      async () => {
        await ensureActors();
        const entry = MATRIX[key];
        const cases: MatrixCase[] = entry ? ('cases' in entry ? entry.cases : [entry]) : [];
        // One property per actor, so that every actor is fuzzed on every route whatever the seed.
        for (const fuzzActor of FUZZ_ACTORS) {
          const request = fc
            .nat({ max: Math.max(cases.length - 1, 0) })
            .chain((index) => requestFor(route.method, route.url, route.schema, cases[index], fuzzActor));
          await fc.assert(
            fc.asyncProperty(request, async (input) => {
              const cookie = await cookieFor(input.actor, cases[0]?.freshSession === true);
              const before = untouched && last ? last.snapshot : await current();
              untouched = false;
              const started = performance.now();
              const response = await send(route.method, input, cookie, cases[0]?.stream === true);
              stats.requestMs += performance.now() - started;
              stats.requests++;
              stats[`${Math.floor(response.status / 100)}xx` as '2xx'] =
                (stats[`${Math.floor(response.status / 100)}xx` as '2xx'] ?? 0) + 1;
              (sent.get(key) ?? sent.set(key, new Set()).get(key)!).add(input.actor);
              const where = `${key} as ${input.actor} (${input.body?.kind ?? 'no body'}) ${input.url.slice(0, 200)} → ${response.status} ${response.body.slice(0, 300)}`;
              if (response.status >= 500) throw new Error(`5xx: ${where}`);
              const after = await current();
              untouched = true;
              if (response.status >= 400) {
                // The API answers JSON errors; the short links (`/r/…`) Spanish pages for whoever tapped them.
                const problem = route.url.startsWith('/api')
                  ? errorBodyProblem(response.body, response.type)
                  : pageProblem(response.body, response.type);
                if (problem) throw new Error(`${problem}: ${where}`);
                const changed = changedTables(before, after, key);
                if (changed.length > 0) throw new Error(`a refused request changed ${changed.join(', ')}: ${where}`);
              }
            }),
            { numRuns: RUNS, seed: SEED, endOnFailure: false, interruptAfterTimeLimit: 30_000 },
          );
        }
      },
      180_000,
    );
  }

  it('sent requests to every route the app registers, as every actor', () => {
    const missing = ROUTES.map((route) => `${route.method} ${route.url}`).filter(
      (key) => (sent.get(key)?.size ?? 0) < FUZZ_ACTORS.length,
    );
    expect(missing, `routes not fuzzed as every actor: ${missing.join(', ')}`).toEqual([]);
  });
});

/**
 * The database's state: every table's row count and hash (./snapshot.ts). Taken again only when the
 * write counter moved since the last one (or on every call with FUZZ_FULL_SNAPSHOTS=1).
 */
async function current(): Promise<Snapshot> {
  const started = performance.now();
  try {
    return await currentState();
  } finally {
    stats.snapshotMs += performance.now() - started;
  }
}

async function currentState(): Promise<Snapshot> {
  const writes = await writeCount(t.database.db);
  if (!last || last.writes !== writes || process.env.FUZZ_FULL_SNAPSHOTS === '1') {
    last = { snapshot: await snapshot(t.database.db), writes };
    stats.fullSnapshots++;
  }
  return last.snapshot;
}

interface FuzzRequest {
  actor: Actor;
  url: string;
  body?: FuzzBody;
}

/** The arbitrary of one request to a route, from the matrix's valid values for this actor when it has a row. */
function requestFor(
  method: string,
  pattern: string,
  schema: { body?: unknown; querystring?: unknown } | undefined,
  matrixCase: MatrixCase | undefined,
  actor: Actor,
): fc.Arbitrary<FuzzRequest> {
  const params = safely(() => matrixCase?.params?.(w, actor)) ?? {};
  // `:name` parameters, and a trailing wildcard (a folder of files: the API reference page's) as '*'.
  const names = [...pattern.matchAll(/:(\w+)|\*$/g)].map((match) => match[1] ?? '*');
  const segments = fc.tuple(...names.map((name) => pathSegment(params[name], ids)));
  const query = queryString(schema?.querystring, safely(() => matrixCase?.query?.(w, actor)) ?? '', ids);
  const multipart = /multipart/.test(matrixCase?.headers?.['content-type'] ?? '');
  let body: fc.Arbitrary<FuzzBody | undefined> = fc.constant(undefined);
  if (multipart) {
    body = fc.oneof(
      { weight: 4, arbitrary: multipartBody(ids) },
      { weight: 1, arbitrary: jsonBody(undefined, undefined, ids) },
    );
  } else if (BODY_METHODS.has(method)) {
    const json = jsonBody(
      schema?.body,
      safely(() => matrixCase?.payload?.(w, actor)),
      ids,
    );
    body = schema?.body
      ? json
      : fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: json });
  }
  return fc.tuple(segments, query, body).map(([values, search, payload]) => {
    let index = 0;
    const path = pattern.replace(/:(\w+)|\*$/g, () => values[index++]!);
    return printable({ actor, url: `${path}${search}`, body: payload });
  });
}

/** How fast-check prints a counterexample: readable, and short even for a 1 MB body. */
function printable(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, {
    [fc.toStringMethod]: () => {
      const payload = request.body?.payload;
      const text = payload === undefined ? '' : Buffer.isBuffer(payload) ? payload.toString('latin1') : payload;
      const shown = JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text);
      return `${request.actor} ${request.url.slice(0, 300)} [${request.body?.kind ?? 'no body'}; ${request.body?.contentType ?? 'no content-type'}] ${shown}`;
    },
  });
}

/** A row's value functions may throw for an actor the matrix does not call them with: then there is no base value. */
function safely<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}

async function send(method: string, input: FuzzRequest, cookie: string | undefined, stream: boolean) {
  if (stream) return streamed(method, input.url, cookie);
  const response = await t.request({
    method: method as 'GET',
    url: input.url,
    cookie,
    headers: input.body?.contentType ? { 'content-type': input.body.contentType } : {},
    ...(input.body?.payload === undefined ? {} : { payload: input.body.payload }),
  });
  return { status: response.statusCode, body: response.body, type: String(response.headers['content-type'] ?? '') };
}

/** An event stream never ends: read its status and first bytes over a real connection, then hang up. */
async function streamed(method: string, url: string, cookie: string | undefined) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  let body = '';
  if (type.startsWith('text/event-stream')) {
    await response.body!.getReader().read();
    controller.abort();
  } else {
    body = await response.text();
  }
  return { status: response.status, body, type };
}

/** The actor's cookie; a fresh session for routes that end the one they are called with (sign-out). */
async function cookieFor(actor: Actor, fresh: boolean): Promise<string | undefined> {
  const email = identity[actor]?.email;
  if (!fresh || !email) return w.cookies[actor];
  untouched = false;
  return t.signIn(email, TEST_PASSWORD);
}

/**
 * A fuzzed request that succeeds may sign an actor out, deactivate or demote them (an admin's PATCH of
 * a user with a random id of the world): put each actor back as the world made them before a route.
 */
async function ensureActors() {
  untouched = false;
  for (const actor of FUZZ_ACTORS) {
    const expected = identity[actor];
    if (!expected) continue;
    const session = (await t.request({ method: 'GET', url: '/api/auth/session', cookie: w.cookies[actor] })).json();
    if (session.user?.id === expected.id && session.profile?.role === expected.role) continue;
    await t.database.db
      .update(accounts)
      .set({ active: true, email: expected.email, passwordHash: await hashPassword(TEST_PASSWORD) })
      .where(eq(accounts.id, expected.id));
    await t.database.db
      .update(profiles)
      .set({ role: expected.role as 'admin' })
      .where(eq(profiles.id, expected.id));
    w.cookies[actor] = await t.signIn(expected.email, TEST_PASSWORD);
  }
}

/** Every id (UUID) and token the world holds: path params and fields get real ones, not only random ones. */
function collectIds(world: World): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 6) return;
    if (typeof value === 'string') {
      if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) || /^[\w-]{40,}$/.test(value))
        found.add(value);
    } else if (value && typeof value === 'object') {
      for (const inner of Object.values(value)) visit(inner, depth + 1);
    }
  };
  visit({ ...world, cookies: {} }, 0);
  return [...found].sort();
}
