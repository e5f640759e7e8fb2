/**
 * `npm run bench`: patient search through the HTTP API with 100 000 patients, on PostgreSQL
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh database, dropped
 * after) and on embedded PGlite. Prints p50/p95/p99 latency and requests per second.
 * Options: --patients N (default 100000), --seconds S per scenario (default 10), --connections 1,10 (default),
 * --only postgres|pglite, --keep (keep the PostgreSQL database to inspect it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import '../src/common/zod-es';
import { parseFlags } from '../src/server/cli/open';
import { buildApp } from '../src/server/app';
import { openDatabase, type Database } from '../src/server/db/client';
import { createAccountWithProfile } from '../src/server/modules/auth/accounts';
import { createRepositories } from '../src/server/repositories';
import { fakePatient, SURNAMES } from '../src/server/seed/spanish-data';
import { runLoad, type LoadResult } from './load';

const flags = parseFlags(process.argv.slice(2));
const PATIENTS = Number(flags.patients ?? 100_000);
const SECONDS = Number(flags.seconds ?? 10);
// Latency as one person typing sees it (1 connection) and under a busy front desk (10 at once).
const CONNECTIONS = String(flags.connections ?? '1,10').split(',').map(Number);
const PASSWORD = 'bench-password-1';

interface Row extends LoadResult {
  backend: string;
  scenario: string;
  connections: number;
}

async function openBackend(kind: 'postgres' | 'pglite'): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    return { database, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `clinica_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    database,
    cleanup: async () => {
      if (flags.keep) return console.log(`[postgres] base de datos conservada: ${name}`);
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function benchBackend(kind: 'postgres' | 'pglite'): Promise<Row[]> {
  const { database, cleanup } = await openBackend(kind);
  const repos = createRepositories(database.db);
  const seedStart = performance.now();
  for (let from = 0; from < PATIENTS; from += 1000) {
    const batch = [];
    for (let i = from; i < Math.min(PATIENTS, from + 1000); i++) batch.push(fakePatient(i, 7));
    await repos.patients.createMany(batch);
  }
  await repos.patients.analyze();
  console.log(`[${kind}] ${PATIENTS} pacientes cargados en ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  await createAccountWithProfile(database.db, repos.auth, {
    email: 'bench@clinica.test',
    password: PASSWORD,
    displayName: 'Bench Admin',
    role: 'admin',
  });
  const app = await buildApp({
    config: {
      env: 'production',
      port: 0,
      host: '127.0.0.1',
      dataDir: os.tmpdir(),
      mailFrom: 'bench@clinica.test',
      publicUrl: 'http://127.0.0.1',
      seedDemo: false,
      logLevel: 'silent',
      trustProxy: false,
    },
    database,
    logger: false,
    relaxRateLimits: true,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: 'bench@clinica.test', password: PASSWORD }),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;

  const get = async (query: string) => {
    const response = await fetch(`${address}/api/patients?${query}`, { headers: { cookie } });
    await response.arrayBuffer();
    return response.ok;
  };
  // Partial surnames as staff type them: 4–6 letters, sometimes with the accent, sometimes without.
  const partialSurname = (worker: number, i: number) => {
    const surname = SURNAMES[(worker * 7919 + i * 104729) % SURNAMES.length]!;
    const prefix = surname.slice(0, 4 + ((worker + i) % 3));
    return (i % 2 ? prefix : prefix.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).toLowerCase();
  };
  const scenarios: [string, (worker: number, i: number) => Promise<boolean>][] = [
    ['apellido parcial (p. ej. «garc»)', (w, i) => get(`q=${encodeURIComponent(partialSurname(w, i))}`)],
    ['nombre y apellido («maria lopez»)', (w, i) => get(`q=${encodeURIComponent(`${i % 2 ? 'maria' : 'jose'} ${partialSurname(w, i)}`)}`)],
    ['DNI completo', (w, i) => get(`q=${fakePatient((w * 1000 + i) % PATIENTS, 7).documentNumber}`)],
    ['lista sin filtro, página 50', () => get('page=50')],
  ];
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    for (const [scenario, request] of scenarios) {
      await runLoad({ connections, seconds: 1, request }); // warm-up
      const result = await runLoad({ connections, seconds: SECONDS, request });
      rows.push({ backend: kind, scenario, connections, ...result });
      console.log(`[${kind}] ${scenario}, ${connections} conexiones: p95 ${result.p95.toFixed(1)} ms`);
    }
  }
  await app.close();
  await database.close();
  await cleanup();
  return rows;
}

const backends = (flags.only ? [flags.only] : ['postgres', 'pglite']) as ('postgres' | 'pglite')[];
const rows: Row[] = [];
for (const backend of backends) rows.push(...(await benchBackend(backend)));

const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number) => value.toFixed(1).padStart(8);
console.log(`\nBúsqueda de pacientes por HTTP — ${PATIENTS} pacientes, ${SECONDS} s por escenario`);
console.log(`${pad('base', 9)} ${'conex.'.padStart(6)} ${pad('escenario', 36)} ${'peticiones'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} errores`);
for (const row of rows) {
  console.log(
    `${pad(row.backend, 9)} ${String(row.connections).padStart(6)} ${pad(row.scenario, 36)} ${String(row.requests).padStart(10)} ${num(row.p50)} ${num(row.p95)} ${num(row.p99)} ${num(row.rps)} ${row.errors}`,
  );
}
process.exit(0);
