/**
 * `npm run bench` — HTTP benchmarks on PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; a fresh database, dropped after) and on embedded PGlite:
 *  - patient search with 100 000 patients: p50/p95/p99 and requests per second;
 *  - availability of one doctor and of a specialty over a week with 1 000 000 appointments and 50 doctors;
 *  - bookings per second under concurrency, the conflicts refused, and a verification query that
 *    counts overlapping appointments afterwards (must be 0).
 * Options: --patients N (100000) --appointments N (1000000) --doctors N (50) --seconds S (10)
 *          --connections 1,10 --only postgres|pglite --part search|appointments|availability|bookings|chart --keep
 *          --visits N (500: the appointments of the chart part's patient) --db-prefix NAME (clinica_bench)
 *          --cache-seed (PostgreSQL: keep the seeded data as a template database named after the sizes and
 *          the day, and copy it on the next runs instead of seeding again; drop it with --drop-seed-cache)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { Temporal } from 'temporal-polyfill';
import '../src/common/zod-es';
import { buildApp } from '../src/server/app';
import { parseFlags } from '../src/server/cli/open';
import { openDatabase, type Database } from '../src/server/db/client';
import { createAccountWithProfile } from '../src/server/modules/auth/accounts';
import { createRepositories } from '../src/server/repositories';
import { addDoctorsAndAppointments, addPatients } from '../src/server/seed/big';
import { fakePatient, SURNAMES } from '../src/server/seed/spanish-data';
import { seedChartPatient } from './chart';
import { runLoad, type LoadResult } from './load';

const flags = parseFlags(process.argv.slice(2));
const PATIENTS = Number(flags.patients ?? 100_000);
const APPOINTMENTS = Number(flags.appointments ?? 1_000_000);
const DOCTORS = Number(flags.doctors ?? 50);
const SECONDS = Number(flags.seconds ?? 10);
// Latency as one person sees it (1 connection) and under a busy front desk (10 at once).
const CONNECTIONS = String(flags.connections ?? '1,10').split(',').map(Number);
// --part appointments means both of its halves: availability and bookings.
const PARTS = (flags.part ? [String(flags.part)] : ['search', 'appointments']).flatMap((part) => (part === 'appointments' ? ['availability', 'bookings'] : [part]));
const WITH_APPOINTMENTS = PARTS.includes('availability') || PARTS.includes('bookings');
const PASSWORD = 'bench-password-1';
const VISITS = Number(flags.visits ?? 500);
const DB_PREFIX = String(flags['db-prefix'] ?? 'clinica_bench');

interface Row extends LoadResult {
  backend: string;
  scenario: string;
  connections: number;
  note?: string;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** The data every scenario reads: patients, and for the appointments part the doctors and their appointments. */
async function seed(kind: string, database: Database) {
  const repos = createRepositories(database.db);
  let started = performance.now();
  await addPatients(repos, PATIENTS);
  console.log(`[${kind}] ${PATIENTS} pacientes en ${seconds(started)} s`);
  if (WITH_APPOINTMENTS) {
    started = performance.now();
    const added = await addDoctorsAndAppointments(database.db, repos, {
      doctorCount: DOCTORS,
      appointmentCount: APPOINTMENTS,
      onProgress: (done) => process.stdout.write(`\r[${kind}] ${done} citas…`),
    });
    console.log(`\n[${kind}] ${DOCTORS} doctores y ${added} citas en ${seconds(started)} s`);
  }
  await repos.patients.analyze();
}

async function withServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A seeded PostgreSQL database: seeded here, or (with --cache-seed) copied from a template seeded once per
 * day and sizes, which turns minutes of seeding into seconds of copying.
 */
async function seededPostgres(serverUrl: string, name: string) {
  if (!flags['cache-seed']) {
    await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 20 });
    await seed('postgres', database);
    return database;
  }
  const migrations = fs.readdirSync(new URL('../src/server/db/migrations', import.meta.url)).filter((file) => file.endsWith('.sql')).length;
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const parts = WITH_APPOINTMENTS ? `${APPOINTMENTS}_${DOCTORS}` : 'p';
  const template = `clinica_bench_seed_${PATIENTS}_${parts}_${day}_m${migrations}`;
  const exists = await withServer(serverUrl, async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1);
  if (!exists) {
    await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${template}`));
    const seeding = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, template), poolSize: 20 });
    await seed('postgres', seeding);
    await seeding.close();
  } else {
    console.log(`[postgres] datos copiados de ${template}`);
  }
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 20 });
}

async function openBackend(kind: 'postgres' | 'pglite'): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await seed(kind, database);
    return { database, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (flags['drop-seed-cache']) {
    await withServer(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'clinica_bench_seed_%'");
      for (const row of rows) await client.query(`DROP DATABASE ${row.datname}`);
    });
  }
  const name = `${DB_PREFIX}_${Date.now()}`;
  const database = await seededPostgres(serverUrl, name);
  return {
    database,
    cleanup: async () => {
      if (flags.keep) return console.log(`[postgres] base de datos conservada: ${name}`);
      await withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function benchBackend(kind: 'postgres' | 'pglite'): Promise<Row[]> {
  const { database, cleanup } = await openBackend(kind);
  const repos = createRepositories(database.db);

  await createAccountWithProfile(database.db, repos.auth, { email: 'bench@clinica.test', password: PASSWORD, displayName: 'Bench Admin', role: 'admin' });
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
    // E-mails are not what is measured.
    mailer: { send: async () => undefined },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: 'bench@clinica.test', password: PASSWORD }),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const get = async (pathAndQuery: string) => {
    const response = await fetch(`${address}${pathAndQuery}`, { headers: { cookie } });
    await response.arrayBuffer();
    return response.ok;
  };

  const rows: Row[] = [];
  const measure = async (scenario: string, request: (worker: number, i: number) => Promise<boolean>) => {
    for (const connections of CONNECTIONS) {
      await runLoad({ connections, seconds: 1, request }); // warm-up
      const result = await runLoad({ connections, seconds: SECONDS, request });
      rows.push({ backend: kind, scenario, connections, ...result });
      console.log(`[${kind}] ${scenario}, ${connections} conexiones: p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s`);
    }
  };

  if (PARTS.includes('search')) {
    // Partial surnames as staff type them: 4–6 letters, sometimes with the accent, sometimes without.
    const partialSurname = (worker: number, i: number) => {
      const surname = SURNAMES[(worker * 7919 + i * 104729) % SURNAMES.length]!;
      const prefix = surname.slice(0, 4 + ((worker + i) % 3));
      return (i % 2 ? prefix : prefix.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).toLowerCase();
    };
    await measure('pacientes: apellido parcial («garc»)', (w, i) => get(`/api/patients?q=${encodeURIComponent(partialSurname(w, i))}`));
    await measure('pacientes: nombre y apellido', (w, i) => get(`/api/patients?q=${encodeURIComponent(`${i % 2 ? 'maria' : 'jose'} ${partialSurname(w, i)}`)}`));
    await measure('pacientes: DNI completo', (w, i) => get(`/api/patients?q=${fakePatient(1_000_000 + ((w * 1000 + i) % PATIENTS), 7).documentNumber}`));
    await measure('pacientes: lista sin filtro, pág. 50', () => get('/api/patients?page=50'));
  }

  if (PARTS.includes('chart')) {
    const patientId = await seedChartPatient(database, repos, VISITS);
    await measure(`historia clínica: 1.ª página (${VISITS} citas)`, () => get(`/api/patients/${patientId}/chart`));
    await measure('historia clínica: solo notas, 1.ª página', () => get(`/api/patients/${patientId}/chart?kinds=note`));
  }

  if (WITH_APPOINTMENTS) {
    const settings = await repos.clinic.getSettings();
    const doctors = (await repos.doctors.list()).filter((doctor) => doctor.email.endsWith('@bench.clinica'));
    const specialties = [...new Set(doctors.map((doctor) => doctor.specialtyId))];
    const today = Temporal.Now.plainDateISO(settings.timeZone);
    const week = (i: number) => {
      const from = today.add({ days: 1 + (i % 4) * 7 });
      return `from=${from}&to=${from.add({ days: 6 })}`;
    };
    if (PARTS.includes('availability')) {
      await measure('disponibilidad: un doctor, una semana', (w, i) => get(`/api/public/availability?doctorId=${doctors[(w * 31 + i) % doctors.length]!.id}&${week(i)}`));
      await measure('disponibilidad: especialidad, una semana', (w, i) => get(`/api/public/availability?specialtyId=${specialties[(w + i) % specialties.length]}&${week(i)}`));
    }

    // Bookings: every worker asks for free-looking slots of the next weeks; many collide on purpose.
    // The load runs in a worker thread, off the app's event loop.
    const patientIds = await repos.patients.someIds(5000);
    // Bookings are measured under concurrency only (10 connections unless others are asked for).
    const bookingConnections = CONNECTIONS.some((c) => c > 1) ? CONNECTIONS.filter((c) => c > 1) : [10];
    for (const connections of PARTS.includes('bookings') ? bookingConnections : []) {
      const outcome = await new Promise<{ result: LoadResult; booked: number; conflicts: number; others: number }>((resolve, reject) => {
        // Workers don't get the TypeScript loader of the main thread: register tsx in the worker first.
        const script = new URL('./booking-worker.ts', import.meta.url).href;
        const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script)}); });`, {
          eval: true,
          workerData: {
            address,
            cookie,
            doctorIds: doctors.map((doctor) => doctor.id),
            patientIds,
            timeZone: settings.timeZone,
            connections,
            seconds: SECONDS,
          },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      const overlaps = await repos.appointments.countOverlaps();
      const { booked, conflicts, others } = outcome;
      rows.push({
        backend: kind,
        scenario: 'reservas concurrentes (personal)',
        connections,
        ...outcome.result,
        rps: (booked + conflicts) / SECONDS,
        note: `${(booked / SECONDS).toFixed(0)} reservas/s, ${booked} hechas, ${conflicts} conflictos 409, ${others} otros; solapes tras verificar: ${overlaps}`,
      });
      console.log(`[${kind}] reservas: ${rows.at(-1)!.note}`);
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
const loaded = WITH_APPOINTMENTS ? `, ${APPOINTMENTS} citas, ${DOCTORS} doctores` : '';
console.log(`\nClínica — ${PATIENTS} pacientes${loaded}; ${SECONDS} s por escenario`);
console.log(`${pad('base', 9)} ${'conex.'.padStart(6)} ${pad('escenario', 42)} ${'peticiones'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} errores`);
for (const row of rows) {
  console.log(
    `${pad(row.backend, 9)} ${String(row.connections).padStart(6)} ${pad(row.scenario, 42)} ${String(row.requests).padStart(10)} ${num(row.p50)} ${num(row.p95)} ${num(row.p99)} ${num(row.rps)} ${row.errors}${row.note ? `\n${' '.repeat(17)}↳ ${row.note}` : ''}`,
  );
}
process.exit(0);
