/**
 * `npm run bench` — the API's reads and bookings on PostgreSQL and on embedded PGlite, each read beside two
 * ceilings measured in the same run: a bare Fastify route, and a bare Fastify route running the read's main
 * SQL through the same driver and pool (bench/ceilings.ts). Every scenario: a warm-up, then `--rounds`
 * rounds of `--seconds`, app and ceiling back to back in each round; the table prints the medians, the
 * spread of the rounds and the ratios. See docs/performance.md.
 *
 * Options: --patients N (100000) --appointments N (1000000) --doctors N (50) --seconds S (5) --rounds R (3)
 *   --connections 1,10 --only postgres|pglite --keep --visits N (500) --conversations N (2000)
 *   --part session,availability,search,diary,calendar,chart,inbox,bookings (all; «appointments» means
 *   availability and bookings; «chart» includes the prescription PDF) --db-prefix NAME (clinica_bench)
 *   --cache-seed (keep the seeded data for the day — a template database, a copied data directory — and
 *   copy it on the next runs) --drop-seed-cache --json FILE (the results as JSON)
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 *
 * `--part billing` runs only the billing bench (bench/billing.ts, PostgreSQL): invoices issued from
 * `--connections` (10) connections, `--invoices` (1000) a round, `--rounds` (3) rounds; then the numbering and
 * the VERI*FACTU chain are checked. It is not part of the default run.
 *
 * `--part import` runs only the import of patients (bench/patient-import.ts, PGlite and PostgreSQL): a file of
 * `--patients` (50000) rows into a clinic of `--existing` (10000), as `--format` csv or xlsx; target under 60 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { Temporal } from 'temporal-polyfill';
import '../src/common/zod-es';
import { buildApp } from '../src/server/app';
import { parseFlags } from '../src/server/cli/open';
import { createAccountWithProfile } from '../src/server/identity/auth/accounts';
import { createRepositories } from '../src/server/repositories';
import { openBackend, analyze } from './backend';
import { benchBilling } from './billing';
import { benchPatientImport } from './patient-import';
import { startCeilings } from './ceilings';
import { seedChartPatient } from './chart';
import { seedConversations, seedPrescription } from './fixtures';
import { bodyBytes, keepAliveGetter, runLoad, type LoadResult } from './load';
import { startRssSampler } from './rss';
import { readScenarios, type ReadScenario } from './scenarios';
import { ratios, summarize, type Summary } from './stats';
import { printReport, type BackendReport, type Row } from './report';
import { DEFAULT_LIMITS } from '../src/server/platform/limits';

const flags = parseFlags(process.argv.slice(2));
const PATIENTS = Number(flags.patients ?? 100_000);
const APPOINTMENTS = Number(flags.appointments ?? 1_000_000);
const DOCTORS = Number(flags.doctors ?? 50);
const SECONDS = Number(flags.seconds ?? 5);
const ROUNDS = Math.max(1, Number(flags.rounds ?? 3));
const CONNECTIONS = String(flags.connections ?? '1,10')
  .split(',')
  .map(Number);
const ALL_PARTS = ['session', 'availability', 'search', 'diary', 'calendar', 'chart', 'inbox', 'bookings'];
const PARTS = (flags.part ? String(flags.part).split(',') : ALL_PARTS).flatMap((part) =>
  part === 'appointments' ? ['availability', 'bookings'] : [part],
);
const WITH_APPOINTMENTS = ['availability', 'bookings', 'diary', 'calendar'].some((part) => PARTS.includes(part));
const PASSWORD = 'bench-password-1';
const VISITS = Number(flags.visits ?? 500);
const CONVERSATIONS = Number(flags.conversations ?? 2000);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const mb = () => process.memoryUsage().rss / 1024 / 1024;

if (PARTS.includes('billing')) {
  const ok = await benchBilling({
    serverUrl: SERVER_URL,
    dbPrefix: String(flags['db-prefix'] ?? 'clinica_bench'),
    connections: flags.connections ? Number(flags.connections) : 10,
    invoices: Number(flags.invoices ?? 1000),
    rounds: ROUNDS,
    keep: Boolean(flags.keep),
  });
  process.exit(ok ? 0 : 1);
}

if (PARTS.includes('import')) {
  const ok = await benchPatientImport({
    patients: Number(flags.patients ?? 50_000),
    existing: Number(flags.existing ?? 10_000),
    only: flags.only as 'postgres' | 'pglite' | undefined,
    format: flags.format === 'xlsx' ? 'xlsx' : 'csv',
    serverUrl: SERVER_URL,
    dbPrefix: String(flags['db-prefix'] ?? 'clinica_bench'),
    keep: Boolean(flags.keep),
  });
  process.exit(ok ? 0 : 1);
}

async function benchBackend(kind: 'postgres' | 'pglite'): Promise<BackendReport> {
  const { database, databaseName, cleanup } = await openBackend(kind, {
    sizes: { patients: PATIENTS, appointments: WITH_APPOINTMENTS ? APPOINTMENTS : 0, doctors: DOCTORS },
    cacheSeed: Boolean(flags['cache-seed']),
    dropSeedCache: Boolean(flags['drop-seed-cache']),
    keep: Boolean(flags.keep),
    dbPrefix: String(flags['db-prefix'] ?? 'clinica_bench'),
    serverUrl: SERVER_URL,
  });
  const repos = createRepositories(database.db);
  const admin = await createAccountWithProfile(database.db, repos.auth, {
    email: 'bench@clinica.test',
    password: PASSWORD,
    displayName: 'Bench Admin',
    role: 'admin',
  });
  let chart: { patientId: string; prescriptionId: string } | undefined;
  if (PARTS.includes('chart')) {
    const { patientId, doctorId } = await seedChartPatient(database, repos, VISITS);
    chart = { patientId, prescriptionId: await seedPrescription(database, repos, patientId, doctorId) };
  }
  if (PARTS.includes('inbox')) await seedConversations(database, admin.account.id, CONVERSATIONS);
  await analyze(database);

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
      limits: DEFAULT_LIMITS,
      verifactu: {},
    },
    database,
    logger: false,
    relaxRateLimits: true,
    // E-mails are not what is measured.
    mailer: { send: async () => undefined },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const rssAfterStart = mb();
  const signIn = await fetch(`${address}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: 'bench@clinica.test', password: PASSWORD }),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const settings = await repos.clinic.getSettings();
  const doctors = WITH_APPOINTMENTS
    ? (await repos.doctors.list()).filter((doctor) => doctor.email.startsWith('medico'))
    : [];
  const scenarios = readScenarios({
    repos,
    sessionToken: decodeURIComponent(cookie.split('=')[1]!),
    doctors,
    timeZone: settings.timeZone,
    today: Temporal.Now.plainDateISO(settings.timeZone),
    chart,
    parts: PARTS,
  });
  const ceilings = await startCeilings(scenarios);
  const getApp = keepAliveGetter(address, { cookie });
  const getCeiling = keepAliveGetter(ceilings.address);
  const sampler = startRssSampler(databaseName ? { serverUrl: SERVER_URL, databaseName } : undefined);

  const rounds = async (connections: number, request: (w: number, i: number) => Promise<boolean>) => {
    const results: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++)
      results.push(await runLoad({ connections, seconds: SECONDS, request }));
    return results;
  };

  // The bare route first: the machine's ceiling for any route, at each number of connections.
  const bare: Record<number, Summary> = {};
  for (const connections of CONNECTIONS) {
    await runLoad({ connections, seconds: 1, request: () => getCeiling('/bare') });
    bare[connections] = summarize(await rounds(connections, () => getCeiling('/bare')));
    console.log(`[${kind}] ruta vacía, ${connections} conexiones: ${bare[connections]!.rps.toFixed(0)} req/s`);
  }

  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const measured = await measureRead(kind, scenario, getApp, getCeiling, bare);
    if (scenario.key === 'calendar' || scenario.key === 'month' || scenario.key === 'diary') {
      // What the screen downloads: the answer's bytes, plain and as a browser gets it (brotli).
      const bytes = await bodyBytes(address, scenario.path(scenario.args(0, 0)), { cookie });
      measured[0]!.note = `respuesta: ${bytes.plain} bytes (${bytes.brotli} con brotli)`;
      console.log(`[${kind}] ${scenario.name}: ${measured[0]!.note}`);
    }
    rows.push(...measured);
  }
  if (PARTS.includes('bookings') && doctors.length)
    rows.push(
      ...(await measureBookings(kind, {
        address,
        cookie,
        doctors: doctors.map((d) => d.id),
        patientIds: await repos.patients.someIds(5000),
        timeZone: settings.timeZone,
        repos,
      })),
    );

  const rss = await sampler.stop();
  await ceilings.close();
  await app.close();
  await database.close();
  await cleanup();
  return { backend: kind, rows, bare, rss, rssAfterStart };
}

async function measureRead(
  kind: string,
  scenario: ReadScenario,
  getApp: (path: string) => Promise<boolean>,
  getCeiling: (path: string) => Promise<boolean>,
  bare: Record<number, Summary>,
): Promise<Row[]> {
  const appRequest = (w: number, i: number) => getApp(scenario.path(scenario.args(w, i)));
  const sqlRequest = (w: number, i: number) =>
    getCeiling(`/sql/${scenario.key}?${new URLSearchParams(scenario.args(w, i))}`);
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    // Warm-up: caches, prepared statements, the JIT of both paths.
    await runLoad({ connections, seconds: 1, request: appRequest });
    await runLoad({ connections, seconds: 1, request: sqlRequest });
    const app: LoadResult[] = [];
    const ceiling: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      app.push(await runLoad({ connections, seconds: SECONDS, request: appRequest }));
      ceiling.push(await runLoad({ connections, seconds: SECONDS, request: sqlRequest }));
    }
    const appSummary = summarize(app);
    const row: Row = {
      backend: kind,
      scenario: scenario.name,
      connections,
      app: appSummary,
      sqlCeiling: summarize(ceiling),
      sqlRatio: ratios(
        app.map((r) => r.rps),
        ceiling.map((r) => r.rps),
      ).median,
      bareRatio: appSummary.rps / bare[connections]!.rps,
      target: scenario.target,
    };
    rows.push(row);
    console.log(
      `[${kind}] ${scenario.name}, ${connections} conex.: p95 ${appSummary.p95.toFixed(1)} ms, ${appSummary.rps.toFixed(0)} req/s, ` +
        `techo SQL ${row.sqlCeiling!.rps.toFixed(0)} req/s (${Math.round(row.sqlRatio! * 100)} %)`,
    );
  }
  return rows;
}

interface BookingInput {
  address: string;
  cookie: string;
  doctors: string[];
  patientIds: string[];
  timeZone: string;
  repos: ReturnType<typeof createRepositories>;
}

/** Bookings run in a worker thread (bench/booking-worker.ts), off the app's event loop. */
async function measureBookings(kind: string, input: BookingInput): Promise<Row[]> {
  const run = (connections: number, seconds: number) =>
    new Promise<{ result: LoadResult; booked: number; conflicts: number; others: number }>((resolve, reject) => {
      // Workers don't get the TypeScript loader of the main thread: register tsx in the worker first.
      const script = new URL('./booking-worker.ts', import.meta.url).href;
      const worker = new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script)}); });`,
        {
          eval: true,
          workerData: {
            address: input.address,
            cookie: input.cookie,
            doctorIds: input.doctors,
            patientIds: input.patientIds,
            timeZone: input.timeZone,
            connections,
            seconds,
          },
        },
      );
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    await run(connections, 1); // warm-up
    const results: LoadResult[] = [];
    const perSecond: number[] = [];
    let booked = 0;
    let conflicts = 0;
    let others = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const outcome = await run(connections, SECONDS);
      results.push(outcome.result);
      perSecond.push(outcome.booked / SECONDS);
      booked += outcome.booked;
      conflicts += outcome.conflicts;
      others += outcome.others;
    }
    const overlaps = await input.repos.appointments.countOverlaps();
    const summary = summarize(results);
    const bookingsPerSecond = summarize(
      perSecond.map((rps) => ({ rps, p50: 0, p95: 0, p99: 0, requests: 0, errors: 0 })),
    );
    rows.push({
      backend: kind,
      scenario: 'reservas concurrentes (personal)',
      connections,
      app: summary,
      note: `${bookingsPerSecond.rps.toFixed(0)} reservas/s (mediana; rondas ${perSecond.map((v) => v.toFixed(0)).join(', ')}), ${booked} hechas, ${conflicts} conflictos 409, ${others} otros; solapes tras verificar: ${overlaps}`,
    });
    console.log(`[${kind}] reservas, ${connections} conex.: ${rows.at(-1)!.note}`);
  }
  return rows;
}

const backends = (flags.only ? [flags.only] : ['postgres', 'pglite']) as ('postgres' | 'pglite')[];
const reports: BackendReport[] = [];
for (const backend of backends) reports.push(await benchBackend(backend));

const loaded = WITH_APPOINTMENTS ? `, ${APPOINTMENTS} citas, ${DOCTORS} doctores` : '';
printReport(
  reports,
  `Clínica — ${PATIENTS} pacientes${loaded}; ${ROUNDS} rondas de ${SECONDS} s por escenario, conexiones ${CONNECTIONS.join(' y ')}`,
);
if (flags.json) fs.writeFileSync(String(flags.json), JSON.stringify(reports, null, 2));
process.exit(0);
