/**
 * `npm run bench -- --part billing` — issuing invoices on PostgreSQL from concurrent connections (issue 23, item 8).
 * A throwaway database `<prefix>_billing_<time>` is created and migrated, a clinic seeded (the issuer's fiscal data,
 * doctors, patients, attended visits of a priced service), and then, each of `--rounds` rounds (3), `--invoices`
 * (1000) visits are invoiced — complete and simplified in turn, so two series move at once — by `--connections`
 * (10) workers, each on a connection of its own, through the same service the desk's «Facturar» calls (number
 * taken from the series' counter row, invoice, lines, VERI*FACTU record chained after the issuer's last, audit
 * entry: one transaction). Printed: invoices per second, and p50/p95/max latency of one invoice, per round and
 * their medians; then the proof: per series no gap and no duplicate in the numbers, one alta per invoice, and
 * the chain verifies (`verify-chain.ts`). The database is dropped after (`--keep` keeps it).
 */
import os from 'node:os';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { recordFromJson } from '../src/server/billing/verifactu/record-json';
import { verifyChains } from '../src/server/billing/verifactu/verify-chain';
import { openDatabase, type Database } from '../src/server/platform/db/client';
import { appointments } from '../src/server/platform/db/schema';
import { transact } from '../src/server/platform/db/transaction';
import { createInvoicingService } from '../src/server/billing/invoices/service';
import { createRepositories } from '../src/server/repositories';
import type { PatientRow } from '../src/server/identity/patients/repository';
import { addDoctorsAndAppointments, addPatients } from '../src/server/seed/big';
import { DEFAULT_LIMITS } from '../src/server/platform/limits';
import { median, spread } from './stats';

export interface BillingBenchOptions {
  serverUrl: string;
  dbPrefix: string;
  connections: number;
  invoices: number;
  rounds: number;
  keep: boolean;
}

const WARM_UP = 50;
/** p95 of one invoice, the issue's target. */
const TARGET_P95_MS = 50;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => value.toFixed(1);

async function withServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The issuer, a priced service and `count` attended visits of it (the most recent first), ready to invoice. */
async function seedClinic(database: Database, count: number) {
  const { db } = database;
  const repos = createRepositories(db);
  await addPatients(db, repos, 2000);
  await addDoctorsAndAppointments(db, repos, { doctorCount: 5, appointmentCount: Math.ceil(count * 1.6) });
  await transact(db, (tx) =>
    repos.clinic.updateSettings(
      {
        issuerLegalName: 'Clínica Banco de Pruebas, S.L.',
        issuerNif: 'B12345674',
        issuerAddress: 'Calle Mayor 1, 28013 Madrid',
        issuerRegistry: '',
      },
      tx,
    ),
  );
  const [specialty] = await repos.doctors.listSpecialties();
  await db.execute(sql`
    INSERT INTO clinic_services (name, specialty_id, duration_minutes, price_cents, vat)
    VALUES ('Consulta', ${specialty!.id}::uuid, 30, 6000, 'exenta')`);
  // The visits to invoice: past ones, all attended and booked for the service.
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE appointments SET status = 'atendida', service_id = (SELECT id FROM clinic_services LIMIT 1)
       WHERE id IN (SELECT id FROM appointments WHERE starts_at < now() ORDER BY starts_at DESC LIMIT ${count})
      RETURNING id`),
  ).map((row) => row.id);
  if (ids.length < count) throw new Error(`only ${ids.length} past appointments to invoice, ${count} needed`);
  await db.execute(sql`ANALYZE`);
  return ids;
}

/** Invoices `visits` from `connections` workers at once; the latency of each invoice, in milliseconds. */
async function issueAll(database: Database, visits: string[], connections: number, offset: number) {
  const repos = createRepositories(database.db);
  const invoicing = createInvoicingService({
    db: database.db,
    repos,
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
  });
  const patientOf = new Map<string, PatientRow>();
  const rows = await database.db
    .select({ id: appointments.id, patient_id: appointments.patientId })
    .from(appointments)
    .where(inArray(appointments.id, visits));
  for (const row of rows) patientOf.set(row.id, (await repos.patients.findById(row.patient_id))!);
  const latencies: number[] = [];
  let next = 0;
  const context = { actor: null, ip: '127.0.0.1' };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let index = next++; index < visits.length; index = next++) {
        const visit = visits[index]!;
        const kind = (offset + index) % 2 === 0 ? 'completa' : 'simplificada';
        const begin = performance.now();
        await invoicing.issue(
          { patientId: patientOf.get(visit)!.id, appointmentIds: [visit], kind },
          patientOf.get(visit)!,
          context,
        );
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** Per series: count, distinct numbers, first and last; the counter row; and the chain recomputed. */
async function prove(database: Database) {
  const repos = createRepositories(database.db);
  const series = rowsOf<{ series: string; n: number; distinct: number; first: number; last: number; counter: number }>(
    await database.db.execute(sql`
      SELECT i.series, count(*)::int AS n, count(DISTINCT i.sequence)::int AS distinct,
             min(i.sequence) AS first, max(i.sequence) AS last, s.last_number AS counter
        FROM invoices i JOIN invoice_series s ON s.series = i.series
       GROUP BY i.series, s.last_number ORDER BY i.series`),
  );
  const [altas] = rowsOf<{ invoices: number; altas: number; orphans: number }>(
    await database.db.execute(sql`
      SELECT (SELECT count(*) FROM invoices)::int AS invoices,
             (SELECT count(*) FROM verifactu_records WHERE kind = 'alta')::int AS altas,
             (SELECT count(*) FROM invoices i WHERE NOT EXISTS (
                SELECT 1 FROM verifactu_records r WHERE r.invoice_id = i.id AND r.kind = 'alta'))::int AS orphans`),
  );
  const chains = verifyChains((await repos.verifactuRecords.chain()).map((row) => recordFromJson(row.record)));
  const seriesOk = series.every(
    (row) => row.first === 1 && row.last === row.n && row.distinct === row.n && row.counter === row.n,
  );
  for (const row of series)
    console.log(
      `  serie ${row.series}: ${row.n} facturas, números ${row.first}–${row.last}, ${row.distinct} distintos, contador ${row.counter} → ${row.first === 1 && row.last === row.n && row.distinct === row.n && row.counter === row.n ? 'sin huecos ni duplicados' : 'HUECOS O DUPLICADOS'}`,
    );
  console.log(
    `  registros de alta: ${altas!.altas} para ${altas!.invoices} facturas; facturas sin alta: ${altas!.orphans}`,
  );
  for (const [nif, result] of chains)
    console.log(
      `  cadena ${nif}: ${result.ok ? `verifica (${result.count} registros)` : `NO verifica: ${result.reason}`}`,
    );
  return (
    seriesOk && altas!.orphans === 0 && altas!.altas === altas!.invoices && [...chains.values()].every((c) => c.ok)
  );
}

export async function benchBilling(options: BillingBenchOptions): Promise<boolean> {
  const name = `${options.dbPrefix}_billing_${Date.now()}`;
  const url = new URL(options.serverUrl);
  url.pathname = `/${name}`;
  await withServer(options.serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: options.connections + 2 });
  try {
    const total = WARM_UP + options.invoices * options.rounds;
    console.log(`[billing] base de datos ${name}: sembrando ${total} visitas atendidas…`);
    const visits = await seedClinic(database, total);
    await issueAll(database, visits.slice(0, WARM_UP), options.connections, 0);
    const rounds: { rate: number; p50: number; p95: number; max: number }[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const from = WARM_UP + round * options.invoices;
      const { latencies, seconds } = await issueAll(
        database,
        visits.slice(from, from + options.invoices),
        options.connections,
        from,
      );
      const sorted = latencies.sort((a, b) => a - b);
      const result = {
        rate: latencies.length / seconds,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted.at(-1)!,
      };
      rounds.push(result);
      console.log(
        `[billing] ronda ${round + 1}: ${latencies.length} facturas en ${seconds.toFixed(2)} s con ${options.connections} conexiones → ${result.rate.toFixed(0)} facturas/s; p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms, máx ${ms(result.max)} ms`,
      );
    }
    const pick = (key: keyof (typeof rounds)[number]) => rounds.map((round) => round[key]);
    const p95 = median(pick('p95'));
    console.log(
      `[billing] mediana de ${options.rounds} rondas: ${median(pick('rate')).toFixed(0)} facturas/s (dispersión ${(spread(pick('rate')) * 100).toFixed(0)} %), p50 ${ms(median(pick('p50')))} ms, p95 ${ms(p95)} ms (dispersión ${(spread(pick('p95')) * 100).toFixed(0)} %), máx ${ms(Math.max(...pick('max')))} ms; objetivo p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'cumplido' : 'NO cumplido'}`,
    );
    console.log('[billing] comprobación:');
    const ok = await prove(database);
    console.log(`[billing] ${ok ? 'numeración y cadena correctas' : 'FALLO en la numeración o la cadena'}`);
    return ok;
  } finally {
    await database.close();
    if (options.keep) console.log(`[billing] base de datos conservada: ${name}`);
    else await withServer(options.serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}
