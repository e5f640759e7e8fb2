/**
 * `node --import tsx bench/session-seen.ts` — what «Última actividad» of «Sesiones abiertas» costs per request
 * (issue 21). Every API request reads its session; `last_seen_at` (and the address) is written at most once a
 * minute per session. This compares, on the embedded database and on PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; a fresh database, dropped after), `GET /api/auth/session`:
 *  - `throttled`: as shipped, the clock stands still, so no request writes (one write a minute in real life);
 *  - `every request`: the clock moves 61 s before each request, so each one writes `last_seen_at` — what an
 *    unthrottled design would cost;
 *  - `doctor, throttled`: a staff session, which also checks the idle lock (the clinic's idle time, cached).
 * Requests go through `inject`, one after another, so the figure is the server's own work. Rounds alternate.
 * Options: --requests N (2000) --rounds N (3)
 */
import pg from 'pg';
import '../src/common/zod-es';
import { buildApp } from '../src/server/app';
import { clock } from '../src/server/platform/clock';
import { parseFlags } from '../src/server/cli/open';
import { openDatabase, type Database } from '../src/server/platform/db/client';
import { createAccountWithProfile } from '../src/server/identity/auth/accounts';
import { createRepositories } from '../src/server/repositories';
import { testConfig } from '../src/server/test/app';

const flags = parseFlags(process.argv.slice(2));
const REQUESTS = Number(flags.requests ?? 2000);
const ROUNDS = Number(flags.rounds ?? 3);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function measure(database: Database) {
  const repos = createRepositories(database.db);
  for (const role of ['paciente', 'doctor'] as const) {
    await createAccountWithProfile(database.db, repos.auth, {
      email: `${role}@bench.test`,
      password: 'bench-password-1',
      displayName: role,
      role,
    });
  }
  const app = await buildApp({ config: testConfig(), database, logger: false, relaxRateLimits: true });
  await app.ready();
  const signIn = async (email: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'http://localhost:3000' },
      payload: { email, password: 'bench-password-1' },
    });
    const cookie = response.cookies.find((c) => c.name === 'clinica_session')!;
    return `${cookie.name}=${cookie.value}`;
  };
  const modes = {
    throttled: { email: 'paciente@bench.test', step: 0 },
    'every request': { email: 'paciente@bench.test', step: 61_000 },
    'doctor, throttled': { email: 'doctor@bench.test', step: 0 },
  };
  const results: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [mode, { email, step }] of Object.entries(modes)) {
      clock.freeze('2030-01-07T08:00:00Z');
      const cookie = await signIn(email);
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        if (step) clock.advance(step);
        const response = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
        if (response.json().user === null) throw new Error(`${mode}: the session ended at request ${i}`);
      }
      (results[mode] ??= []).push(((performance.now() - started) * 1000) / REQUESTS);
    }
  }
  await app.close();
  return Object.fromEntries(Object.entries(results).map(([mode, values]) => [mode, Math.min(...values)]));
}

const report = (backend: string, results: Record<string, number>) => {
  for (const [mode, micros] of Object.entries(results))
    console.log(`${backend}\t${mode}\t${micros.toFixed(0)} µs/request`);
};

const embedded = await openDatabase({ kind: 'pglite' });
try {
  report('PGlite', await measure(embedded));
} finally {
  await embedded.close();
}

const name = `clinica_bench_seen_${Date.now()}`;
await onServer(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const server = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
try {
  report('PostgreSQL', await measure(server));
} finally {
  await server.close();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
