/**
 * `npm run bench -- --part import`: the import of patients from the previous program (issue 37, item 3) on
 * embedded PGlite (the default installation) and on PostgreSQL. A clinic of `--existing` (10 000) records
 * imports a file of `--patients` (50 000) rows as Excel on Windows writes it (Windows-1252, `;`, dd/mm/aaaa,
 * phones with spaces), of which one in twenty is a record the clinic already has and one in a hundred has a
 * wrong DNI letter. Timed: reading and keeping the file, the dry run, the import in the background (every row
 * audited), and the undo of it all. The target: upload + dry run + import under 60 s.
 *
 * Options: --patients N --existing N --only postgres|pglite --format csv|xlsx (csv) --db-prefix NAME --keep
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { sql } from 'drizzle-orm';
import { createAccountWithProfile } from '../src/server/identity/auth/accounts';
import { createRepositories } from '../src/server/repositories';
import { createPatientImportService } from '../src/server/clinical/patient-import/service';
import { xlsx } from '../src/server/test/workbooks';
import { fakePatient } from '../src/server/seed/spanish-data';
import type { ImportMapping } from '../src/common/schemas/patient-import';
import { openBackend } from './backend';

export const IMPORT_TARGET_SECONDS = 60;

export interface ImportBenchOptions {
  patients: number;
  existing: number;
  only?: 'postgres' | 'pglite';
  format: 'csv' | 'xlsx';
  serverUrl: string;
  dbPrefix: string;
  keep: boolean;
}

const HEADER = [
  'Nº Historia',
  'Nombre',
  'Apellidos',
  'DNI',
  'F. Nacimiento',
  'Sexo',
  'Móvil',
  'E-mail',
  'Domicilio',
  'Aseguradora',
  'Nº póliza',
  'Alergias',
  'Antecedentes',
];

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The rows of the legacy file: made-up people, one in twenty already in the clinic, one in a hundred with a bad DNI. */
function legacyRows(count: number, existing: number): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const already = existing > 0 && i % 20 === 7;
    // The clinic's records were seeded as fakePatient(1 000 000 + k, 7) (seed/big.ts).
    const person = already ? fakePatient(1_000_000 + (i % existing), 7) : fakePatient(i, 11);
    const document =
      i % 100 === 3
        ? `${person.documentNumber.slice(0, 8)}${person.documentNumber.endsWith('A') ? 'B' : 'A'}`
        : person.documentNumber;
    rows.push([
      String(10_000 + i),
      person.firstName,
      person.lastName,
      document,
      dmy(person.birthDate),
      person.sex === 'mujer' ? 'M' : 'V',
      person.phone.replace('+34 ', '').replace(/(\d{3}) (\d{3}) (\d{3})/, '$1 $2 $3'),
      person.email,
      person.address,
      person.insurer,
      person.policyNumber,
      person.allergies,
      person.medicalHistory,
    ]);
  }
  return rows;
}

const cell = (value: string) => (/[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

async function legacyFile(options: ImportBenchOptions): Promise<Buffer> {
  const rows = legacyRows(options.patients, options.existing);
  if (options.format === 'xlsx') return xlsx([HEADER, ...rows]);
  const text = [HEADER, ...rows].map((row) => row.map(cell).join(';')).join('\r\n');
  return Buffer.from(text, 'latin1');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function benchOne(kind: 'postgres' | 'pglite', options: ImportBenchOptions, file: Buffer) {
  const { database, cleanup } = await openBackend(kind, {
    sizes: { patients: options.existing, appointments: 0, doctors: 0 },
    cacheSeed: false,
    dropSeedCache: false,
    keep: options.keep,
    dbPrefix: options.dbPrefix,
    serverUrl: options.serverUrl,
  });
  try {
    const repos = createRepositories(database.db);
    const admin = await createAccountWithProfile(database.db, repos.auth, {
      email: 'importacion@clinica.test',
      password: 'bench-password-1',
      displayName: 'Importación',
      role: 'admin',
    });
    const silent = { info() {}, warn() {}, error() {} } as never;
    const service = createPatientImportService({ db: database.db, repos, log: silent });
    const timings: Record<string, number> = {};
    const time = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await work();
      timings[name] = performance.now() - started;
      return result;
    };
    const uploaded = await time('upload', () =>
      service.upload({ fileName: `pacientes.${options.format}`, content: file, actorId: admin.account.id }),
    );
    const plan = { mapping: uploaded.mapping as ImportMapping, choices: {}, defaultChoice: null };
    const dry = await time('dryRun', () => service.dryRun(uploaded.id, plan));
    await time('import', async () => {
      await service.start(uploaded.id, plan);
      await service.runPending();
    });
    const done = await service.view(uploaded.id);
    const audited = await database.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'import'`);
    const auditRows = (audited as unknown as { rows: { n: number }[] }).rows[0]!.n;
    await time('undo', async () => {
      await service.undo(uploaded.id, admin.account.id);
      await service.runPending();
    });
    const undone = await service.view(uploaded.id);
    const total = timings.upload! + timings.dryRun! + timings.import!;
    return { kind, timings, total, dry: dry.counts, done, auditRows, undone };
  } finally {
    await database.close();
    await cleanup();
  }
}

export async function benchPatientImport(options: ImportBenchOptions): Promise<boolean> {
  const file = await legacyFile(options);
  console.log(
    `Importación de ${options.patients.toLocaleString('es-ES')} pacientes (${options.format}, ${(file.length / 1e6).toFixed(1)} MB) en una clínica con ${options.existing.toLocaleString('es-ES')}`,
  );
  let ok = true;
  for (const kind of ['pglite', 'postgres'] as const) {
    if (options.only && options.only !== kind) continue;
    const result = await benchOne(kind, options, file);
    const { timings, done, undone } = result;
    console.log(
      `\n[${kind}] subir y leer ${seconds(timings.upload!)} · simulación ${seconds(timings.dryRun!)} · importación ${seconds(timings.import!)}` +
        ` → total ${seconds(result.total)} (objetivo < ${IMPORT_TARGET_SECONDS} s: ${result.total < IMPORT_TARGET_SECONDS * 1000 ? 'cumple' : 'NO CUMPLE'})`,
    );
    console.log(
      `[${kind}] ${done.counts.create} creados, ${done.counts.update} actualizados, ${done.counts.skip} omitidos (duplicados), ${done.counts.error} con errores; ${result.auditRows} entradas de auditoría «Importación»`,
    );
    console.log(
      `[${kind}] deshacer: ${seconds(timings.undo!)} (${undone.status}, ${undone.keptOnUndo} conservados); ${Math.round(options.patients / (timings.import! / 1000))} filas/s al importar`,
    );
    if (result.total >= IMPORT_TARGET_SECONDS * 1000 || done.status !== 'done') ok = false;
  }
  return ok;
}
