/**
 * Opens a seeded database for the bench: PostgreSQL (a fresh database `<prefix>_<time>`, dropped after) or
 * PGlite (a fresh data directory). With `cacheSeed`, the seeded data is kept — a template database on
 * PostgreSQL, a copied data directory for PGlite, named after the sizes, the day and the migrations — and
 * copied on the next runs instead of seeded again. Every table is ANALYZEd after seeding and after copying.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/platform/db/client';
import { createRepositories } from '../src/server/repositories';
import { addDoctorsAndAppointments, addPatients } from '../src/server/seed/big';
import { progressBar } from '../src/server/cli/progress';

export interface SeedSizes {
  patients: number;
  /** 0: no doctors and appointments. */
  appointments: number;
  doctors: number;
}

export interface BackendOptions {
  sizes: SeedSizes;
  cacheSeed: boolean;
  dropSeedCache: boolean;
  keep: boolean;
  dbPrefix: string;
  serverUrl: string;
}

export interface OpenBackend {
  database: Database;
  /** The PostgreSQL database's name (for its backends' memory), undefined on PGlite. */
  databaseName?: string;
  cleanup: () => Promise<void>;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

async function seed(kind: string, database: Database, sizes: SeedSizes) {
  const repos = createRepositories(database.db);
  let started = performance.now();
  const patientsBar = progressBar(`[${kind}] pacientes`, sizes.patients);
  await addPatients(database.db, repos, sizes.patients, (done) => patientsBar.update(done));
  patientsBar.finish(seconds(started));
  if (sizes.appointments > 0) {
    started = performance.now();
    const bar = progressBar(`[${kind}] citas    `, sizes.appointments);
    const added = await addDoctorsAndAppointments(database.db, repos, {
      doctorCount: sizes.doctors,
      appointmentCount: sizes.appointments,
      onProgress: (done) => bar.update(done),
    });
    bar.finish(`${added} citas de ${sizes.doctors} doctores en ${seconds(started)}`);
  }
  await analyze(database);
}

export async function analyze(database: Database) {
  await database.db.execute(sql`ANALYZE`);
}

const seedName = (prefix: string, sizes: SeedSizes) => {
  const migrations = fs
    .readdirSync(new URL('../src/server/platform/db/migrations', import.meta.url))
    .filter((file) => file.endsWith('.sql')).length;
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const parts = sizes.appointments > 0 ? `${sizes.appointments}_${sizes.doctors}` : 'p';
  return `${prefix}_seed_${sizes.patients}_${parts}_${day}_m${migrations}`;
};

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

async function openPostgres(options: BackendOptions): Promise<OpenBackend> {
  const { serverUrl, sizes } = options;
  if (options.dropSeedCache) {
    await withServer(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [`${options.dbPrefix}_seed_`],
      );
      for (const row of rows) await client.query(`DROP DATABASE ${row.datname}`);
    });
  }
  const name = `${options.dbPrefix}_${Date.now()}`;
  const open = () => openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 20 });
  let database: Database;
  if (!options.cacheSeed) {
    await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    database = await open();
    await seed('postgres', database, sizes);
  } else {
    const template = seedName(options.dbPrefix, sizes);
    const exists = await withServer(
      serverUrl,
      async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1,
    );
    if (!exists) {
      // Seeded under another name and renamed when complete: an interrupted seed is never taken for a cache.
      const partial = `${template}_partial`;
      await withServer(serverUrl, (client) =>
        client
          .query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`)
          .then(() => client.query(`CREATE DATABASE ${partial}`)),
      );
      const seeding = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, partial), poolSize: 20 });
      await seed('postgres', seeding, sizes);
      await seeding.close();
      await withServer(serverUrl, (client) => client.query(`ALTER DATABASE ${partial} RENAME TO ${template}`));
    } else {
      console.log(`[postgres] datos copiados de ${template}`);
    }
    await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    database = await open();
    await analyze(database);
  }
  return {
    database,
    databaseName: name,
    cleanup: async () => {
      if (options.keep) return console.log(`[postgres] base de datos conservada: ${name}`);
      await withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function openPglite(options: BackendOptions): Promise<OpenBackend> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-'));
  const cache = path.join(os.tmpdir(), `pglite-${seedName(options.dbPrefix, options.sizes)}`);
  if (options.dropSeedCache) {
    for (const entry of fs.readdirSync(os.tmpdir())) {
      if (entry.startsWith(`pglite-${options.dbPrefix}_seed_`))
        fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
  }
  let database: Database;
  if (options.cacheSeed && fs.existsSync(path.join(cache, 'pgdata'))) {
    console.log(`[pglite] datos copiados de ${cache}`);
    fs.cpSync(path.join(cache, 'pgdata'), path.join(dir, 'pgdata'), { recursive: true });
    database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await analyze(database);
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await seed('pglite', database, options.sizes);
    if (options.cacheSeed) {
      // A consistent copy needs the database closed: close, copy, open again.
      await database.close();
      fs.rmSync(cache, { recursive: true, force: true });
      fs.cpSync(path.join(dir, 'pgdata'), path.join(`${cache}_partial`, 'pgdata'), { recursive: true });
      fs.renameSync(`${cache}_partial`, cache);
      database = await openDatabase({ kind: 'pglite', dataDir: dir });
    }
  }
  return { database, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export const openBackend = (kind: 'postgres' | 'pglite', options: BackendOptions) =>
  kind === 'postgres' ? openPostgres(options) : openPglite(options);
