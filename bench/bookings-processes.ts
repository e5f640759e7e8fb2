/**
 * `npm run bench:bookings` — concurrent bookings against the real server (`src/server/main.ts`, as `npm start`
 * runs it) on PostgreSQL, with 1 and 2 processes (`WEB_CONCURRENCY`), the load generator in a process of its
 * own (`bench/booking-worker.ts`). The app's CPU (user + system of the server's processes, from /proc) is
 * divided by the requests it answered. With `--baseline DIR` (a worktree of an older commit) that code is
 * measured too, interleaved with this one in every round, so both see the same machine.
 *
 *   --rounds 3 --seconds 5 --connections 10 --processes 1,2 --baseline DIR --db-prefix clinica_bench
 *   --patients 2000 --appointments 20000 --profile DIR (node --cpu-prof of the server's processes)
 *
 * The rate limits are counted as in production (the store in PostgreSQL), with limits too high to be hit.
 * After the rounds the overlapping appointments are counted in SQL: the figure must be 0.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Temporal } from 'temporal-polyfill';
import { createAccountWithProfile } from '../src/server/identity/auth/accounts';
import { createRepositories } from '../src/server/repositories';
import { openBackend } from './backend';
import type { LoadResult } from './load';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    processes: { type: 'string', default: '1,2' },
    baseline: { type: 'string' },
    'db-prefix': { type: 'string', default: 'clinica_bench' },
    patients: { type: 'string', default: '2000' },
    appointments: { type: 'string', default: '20000' },
    profile: { type: 'string' },
  },
});
const ROUNDS = Number(flags.rounds);
const SECONDS = Number(flags.seconds);
const CONNECTIONS = Number(flags.connections);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-password-1';
const HERE = path.resolve(import.meta.dirname, '..');

interface Variant {
  label: string;
  dir: string;
  processes: number;
}
const variants: Variant[] = [];
for (const processes of flags.processes.split(',').map(Number)) {
  if (flags.baseline && processes === 1)
    variants.push({ label: 'antes', dir: path.resolve(flags.baseline), processes });
  variants.push({ label: 'ahora', dir: HERE, processes });
}

const backend = await openBackend('postgres', {
  sizes: { patients: Number(flags.patients), appointments: Number(flags.appointments), doctors: 50 },
  cacheSeed: false,
  dropSeedCache: false,
  keep: false,
  dbPrefix: flags['db-prefix'],
  serverUrl: SERVER_URL,
});
const repos = createRepositories(backend.database.db);
await createAccountWithProfile(backend.database.db, repos.auth, {
  email: 'bench@clinica.test',
  password: PASSWORD,
  displayName: 'Bench Admin',
  role: 'admin',
});
const doctorIds = (await repos.doctors.list()).filter((d) => d.email.startsWith('medico')).map((d) => d.id);
const patientIds = await repos.patients.someIds(5000);
const { timeZone } = await repos.clinic.getSettings();
const url = new URL(SERVER_URL);
url.pathname = `/${backend.databaseName}`;
const databaseUrl = url.toString();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** User + system CPU (ms) of a process and every process under it. */
function treeCpuMs(pid: number): number {
  let ticks = 0;
  const visit = (id: number) => {
    try {
      const stat = fs.readFileSync(`/proc/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      for (const task of fs.readdirSync(`/proc/${id}/task`)) {
        const children = fs.readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visit(Number(child));
      }
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux.
}

async function startServer(variant: Variant, round: number) {
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-proc-'));
  const profileArgs = flags.profile
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(flags.profile, `${variant.label}-${variant.processes}p-r${round}`)}`,
      ]
    : [];
  const child = spawn(process.execPath, [...profileArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: variant.dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      PUBLIC_URL: address,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(variant.processes),
      // Counted as in production, never reached: the limits are not what is measured.
      RATE_LIMIT_ACCOUNT: '1000000/1m',
      RATE_LIMIT_ADDRESS: '1000000/1m',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${errors}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${errors}`);
    const health = await fetch(`${address}/api/health`).catch(() => undefined);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Every worker must be up: the primary forks them at once, give them a moment to listen.
  await new Promise((resolve) => setTimeout(resolve, variant.processes > 1 ? 3000 : 500));
  const signIn = await fetch(`${address}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: 'bench@clinica.test', password: PASSWORD }),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  return {
    address,
    cookie,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Outcome {
  result: LoadResult;
  booked: number;
  conflicts: number;
  others: number;
}

function runGenerator(address: string, cookie: string, seconds: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'bench/booking-worker.ts')], {
      env: {
        ...process.env,
        BENCH_INPUT: JSON.stringify({
          address,
          cookie,
          doctorIds,
          patientIds,
          timeZone,
          connections: CONNECTIONS,
          seconds,
        }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Outcome)
        : reject(new Error(`generator ${code}`)),
    );
  });
}

interface Measure {
  bookingsPerSecond: number;
  requestsPerSecond: number;
  cpuMsPerRequest: number;
  cpuMsPerBooking: number;
  p50: number;
  p95: number;
  others: number;
}
const measures = new Map<Variant, Measure[]>(variants.map((v) => [v, []]));

for (let round = 0; round < ROUNDS; round++) {
  // The order turns each round, so no variant always runs first after a pause.
  const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
  for (const variant of order) {
    const server = await startServer(variant, round);
    await runGenerator(server.address, server.cookie, 1); // warm-up
    const cpuBefore = treeCpuMs(server.pid);
    const outcome = await runGenerator(server.address, server.cookie, SECONDS);
    const cpuMs = treeCpuMs(server.pid) - cpuBefore;
    await server.stop();
    const requests = outcome.booked + outcome.conflicts + outcome.others;
    const measure: Measure = {
      bookingsPerSecond: outcome.booked / SECONDS,
      requestsPerSecond: requests / SECONDS,
      cpuMsPerRequest: cpuMs / requests,
      cpuMsPerBooking: cpuMs / outcome.booked,
      p50: outcome.result.p50,
      p95: outcome.result.p95,
      others: outcome.others,
    };
    measures.get(variant)!.push(measure);
    console.log(
      `ronda ${round + 1} · ${variant.label}, ${variant.processes} proc.: ${measure.bookingsPerSecond.toFixed(0)} reservas/s, ` +
        `${measure.requestsPerSecond.toFixed(0)} peticiones/s, CPU ${measure.cpuMsPerRequest.toFixed(2)} ms/petición ` +
        `(${measure.cpuMsPerBooking.toFixed(2)} ms/reserva), p50 ${measure.p50.toFixed(1)} ms, p95 ${measure.p95.toFixed(1)} ms, ` +
        `otros ${outcome.others}, carga ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
}

const overlaps = await repos.appointments.countOverlaps();
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (values: number[]) => {
  const m = median(values);
  return m === 0 ? 0 : ((Math.max(...values) - Math.min(...values)) / 2 / m) * 100;
};
console.log(
  `\n${CONNECTIONS} conexiones, ${ROUNDS} rondas de ${SECONDS} s (${Temporal.Now.instant().toString().slice(0, 16)} UTC)`,
);
console.log('| código | procesos | reservas/s (rondas) | mediana | ± | CPU ms/petición | CPU ms/reserva | p95 ms |');
console.log('| ------ | -------: | ------------------- | ------: | -: | --------------: | -------------: | -----: |');
for (const [variant, list] of measures) {
  const rates = list.map((m) => m.bookingsPerSecond);
  console.log(
    `| ${variant.label} | ${variant.processes} | ${rates.map((r) => r.toFixed(0)).join(', ')} | ${median(rates).toFixed(0)} | ±${spread(rates).toFixed(0)} % | ` +
      `${median(list.map((m) => m.cpuMsPerRequest)).toFixed(2)} | ${median(list.map((m) => m.cpuMsPerBooking)).toFixed(2)} | ` +
      `${median(list.map((m) => m.p95)).toFixed(1)} |`,
  );
}
console.log(`\nSolapes tras verificar: ${overlaps}`);
await backend.database.close();
await backend.cleanup();
process.exit(overlaps === 0 ? 0 : 1);
