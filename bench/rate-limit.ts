/**
 * `node --import tsx bench/rate-limit.ts` — what the shared rate limit costs per request: the same app on
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh database,
 * dropped after) with its limits in memory (as before, `relaxRateLimits`) and in `rate_limit_hits`, on two
 * cheap routes: a visitor's `GET /api/auth/session` (no database work but the limit's) and a signed-in
 * one (the session lookup). `GET /api/health` is never counted, so it is not measured here. Rounds alternate so the machine's noise hits both alike.
 * Options: --seconds S (8) --connections N (10) --rounds N (2)
 */
import http from 'node:http';
import type net from 'node:net';
import pg from 'pg';
import '../src/common/zod-es';
import { buildApp } from '../src/server/app';
import { clock } from '../src/server/platform/clock';
import { parseFlags } from '../src/server/cli/open';
import { openDatabase } from '../src/server/platform/db/client';
import { createAccountWithProfile } from '../src/server/identity/auth/accounts';
import { createRepositories } from '../src/server/repositories';
import { testConfig } from '../src/server/test/app';
import { runLoad } from './load';

const flags = parseFlags(process.argv.slice(2));
const SECONDS = Number(flags.seconds ?? 8);
const CONNECTIONS = Number(flags.connections ?? 10);
const ROUNDS = Number(flags.rounds ?? 2);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `clinica_bench_rate_${Date.now()}`;

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

await onServer(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
try {
  const repos = createRepositories(database.db);
  await createAccountWithProfile(database.db, repos.auth, {
    email: 'bench@clinica.test',
    password: 'bench-password-1',
    displayName: 'Bench',
    role: 'admin',
  });
  const results: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const relaxed of [true, false]) {
      // The clock jumps a minute every 100 ms to end the limit's windows: the admin's session must not lock.
      const app = await buildApp({
        config: testConfig(),
        database,
        logger: false,
        relaxRateLimits: relaxed,
        idleLock: false,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as net.AddressInfo;
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      const get = (path: string, cookie?: string) =>
        new Promise<boolean>((resolve, reject) => {
          const request = http.get(
            { port, host: '127.0.0.1', path, agent, headers: cookie ? { cookie } : {} },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode === 200));
            },
          );
          request.on('error', reject);
        });
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: 'bench@clinica.test', password: 'bench-password-1' },
      });
      const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      for (const [scenario, path, withCookie] of [
        ['visitor GET /api/auth/session', '/api/auth/session', false],
        ['signed-in GET /api/auth/session', '/api/auth/session', true],
      ] as const) {
        // The limits would stop the run: every 100 ms the clock jumps a minute, so each window sees a
        // couple of hundred requests at most — counted by the same UPDATE a real day runs.
        const windows = setInterval(() => clock.advance(61_000), 100);
        const result = await runLoad({
          connections: CONNECTIONS,
          seconds: SECONDS,
          request: () => get(path, withCookie ? cookie : undefined),
        });
        clearInterval(windows);
        const key = `${scenario} — ${relaxed ? 'memory' : 'PostgreSQL'}`;
        (results[key] ??= []).push(Math.round(result.rps));
        console.log(
          `${key}: ${Math.round(result.rps)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}`,
        );
      }
      agent.destroy();
      await app.close();
    }
  }
  console.table(results);
} finally {
  await database.close();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
