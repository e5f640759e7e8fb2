import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../app';
import type { MatrixCase } from './helpers';
import { MATRIX } from './table';
import { ACTORS, buildWorld, NOW, type Actor, type World } from './world';

/**
 * The access matrix: every `/api` route the server registers, called as a visitor, paciente A and B,
 * doctor A and B and an admin. Each must get the status of its row, and no 2xx answer (body, list,
 * count, search, CSV, file) may carry the other side's data: A's actors never see B's, B's never A's,
 * visitors neither. A route without a row fails here by name.
 */
let t: TestApp;
let w: World;
let baseUrl: string;

beforeAll(async () => {
  clock.freeze(NOW);
  t = await buildTestApp();
  w = await buildWorld(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

const routeKey = (method: string, url: string) => `${method} ${url}`;

describe('the access matrix', () => {
  it('has a row for every /api route the server registers, and none for a route that is gone', () => {
    const registered = new Set(
      t.app.accessRoutes.filter((route) => route.method !== 'HEAD').map((route) => routeKey(route.method, route.url)),
    );
    const missing = [...registered].filter((key) => !(key in MATRIX));
    expect(missing, `routes without a row in src/server/test/access-matrix/table.ts: ${missing.join(', ')}`).toEqual(
      [],
    );
    const stale = Object.keys(MATRIX).filter((key) => !registered.has(key));
    expect(stale, `rows for routes the server does not register: ${stale.join(', ')}`).toEqual([]);
  });

  it('HEAD routes carry the access of their GET', () => {
    const access = new Map(t.app.accessRoutes.map((route) => [routeKey(route.method, route.url), route.access]));
    for (const route of t.app.accessRoutes.filter((r) => r.method === 'HEAD')) {
      // A plugin's route at its prefix's `/` (the API reference page) answers with and without the
      // slash; Fastify reports its GET once, without it.
      const get =
        access.get(routeKey('GET', route.url)) ?? access.get(routeKey('GET', route.url.replace(/(.)\/$/, '$1')));
      expect(route.access, route.url).toBe(get);
    }
  });

  for (const [key, entry] of Object.entries(MATRIX)) {
    const cases = 'cases' in entry ? entry.cases : [entry];
    for (const matrixCase of cases) {
      it(`${key}${matrixCase.label ? ` (${matrixCase.label})` : ''}`, async () => {
        const [method, pattern] = key.split(' ') as [string, string];
        for (const actor of ACTORS) {
          const { status, body, type } = await call(method, pattern, matrixCase, actor);
          const where = `${key} as ${actor}`;
          expect(status, `${where}: ${body.slice(0, 300)}`).toBe(matrixCase.expect[actor]);
          if (status >= 200 && status < 300) {
            expectNoLeak(where, actor, body);
            for (const shown of matrixCase.shows?.(w, actor) ?? [])
              expect(body, `${where} should show ${shown}`).toContain(shown);
          }
          if (matrixCase.stream && status === 200) expect(type, where).toMatch(/^text\/event-stream/);
        }
      });
    }
  }
});

/** The other side's identifiers must not appear in what this actor got. */
function expectNoLeak(where: string, actor: Actor, body: string) {
  const forbidden =
    actor === 'admin'
      ? []
      : actor === 'visitor'
        ? [...w.A.secrets, ...w.B.secrets]
        : actor.endsWith('A')
          ? w.B.secrets
          : w.A.secrets;
  const leaked = forbidden.filter((secret) => body.includes(secret));
  expect(leaked, `${where} leaks another person's data`).toEqual([]);
}

async function call(method: string, pattern: string, matrixCase: MatrixCase, actor: Actor) {
  const params = matrixCase.params?.(w, actor) ?? {};
  const url =
    // `:name` parameters, and a trailing wildcard `*` (a folder of files) under the name '*'.
    pattern.replace(/:(\w+)|\*$/g, (wildcard: string, name: string | undefined) => {
      const value = params[name ?? wildcard];
      if (value === undefined) throw new Error(`${method} ${pattern}: the row names no value for :${name ?? wildcard}`);
      return name ? encodeURIComponent(value) : value;
    }) + (matrixCase.query?.(w, actor) ?? '');
  const cookie =
    matrixCase.freshSession && w.emails[actor] ? await t.signIn(w.emails[actor]!, TEST_PASSWORD) : w.cookies[actor];
  if (matrixCase.stream) return stream(url, cookie);
  const payload = matrixCase.payload?.(w, actor);
  const response = await t.request({
    method: method as 'GET',
    url,
    cookie,
    headers: matrixCase.headers,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
  return { status: response.statusCode, body: response.body, type: String(response.headers['content-type'] ?? '') };
}

/** An event stream never ends: read its status, type and first bytes over a real connection, then hang up. */
async function stream(url: string, cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${url}`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  const type = response.headers.get('content-type') ?? '';
  let body: string;
  if (type.startsWith('text/event-stream')) {
    const first = await response.body!.getReader().read();
    body = new TextDecoder().decode(first.value);
    controller.abort();
  } else {
    body = await response.text();
  }
  return { status: response.status, body, type };
}
