import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { BackupError, readBackup, verifyBackup, type BackupManifest, type BodyLine } from './format';
import {
  appliedMigration,
  applyMigrations,
  codeMigrations,
  rowCounts,
  tablesInOrder,
  type Migration,
  type TableInfo,
} from './schema-info';

/** Rows inserted per statement, and the most JSON text one statement carries. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables of schema `public` that hold at least one row. */
async function tablesWithRows(db: Db): Promise<string[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  const full: string[] = [];
  for (const { name } of tables) {
    const [row] = await rows<{ any: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier('public')}.${sql.identifier(name)}) AS any`,
    );
    if (row!.any) full.push(name);
  }
  return full;
}

/** The indexes of schema `public` that no constraint (primary key, unique, exclusion) owns. */
async function plainIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  return rows(
    db,
    sql`SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
        ORDER BY c.relname`,
  );
}

/**
 * Replaces the database with the backup in `file`, in one transaction: the file and its versions are
 * checked first, then the schema is rebuilt at the backup's migration, the rows inserted, the sequences
 * set, and the later migrations of this version applied. Any failure leaves the database as it was. A database with data is replaced only
 * with `force`.
 */
export async function restoreBackup(
  db: Db,
  file: string,
  options: { force?: boolean; verified?: boolean; onProgress?: (table: string, rows: number) => void } = {},
): Promise<BackupManifest> {
  // The whole file is checked first (unless the caller just did), so a damaged one is named as such
  // rather than by the statement its damage breaks; the second read checks it again before the commit.
  if (!options.verified) await verifyBackup(file);
  const items = readBackup(file);
  const first = await items.next();
  const manifest = (first.value as { manifest: BackupManifest }).manifest;
  const migrations = codeMigrations();
  const latest = migrations.at(-1)!;
  if (manifest.schema.when > latest.when || !migrations.some((item) => item.when === manifest.schema.when)) {
    await items.return(undefined);
    throw new BackupError(
      `La copia se hizo con una versión más nueva de Clínica (esquema ${manifest.schema.tag}); esta versión llega a ${latest.tag}. ` +
        'Actualiza Clínica antes de restaurarla. No se ha cambiado nada.',
    );
  }

  try {
    await db.transaction(async (tx) => {
      await replaceContents(tx, {
        file,
        manifest,
        migrations,
        force: options.force ?? false,
        body: items,
        onProgress: options.onProgress,
      });
    });
  } finally {
    await items.return(undefined);
  }
  return manifest;
}

async function replaceContents(
  tx: Db,
  input: {
    file: string;
    manifest: BackupManifest;
    migrations: Migration[];
    force: boolean;
    body: AsyncGenerator<{ manifest: BackupManifest } | { line: BodyLine }>;
    onProgress?: (table: string, rows: number) => void;
  },
): Promise<void> {
  const { manifest, migrations } = input;
  const latest = migrations.at(-1)!;
  const current = await appliedMigration(tx);
  if (current !== null && current > latest.when) {
    throw new BackupError(
      'La base de datos de destino es de una versión más nueva de Clínica que este programa. No se ha cambiado nada.',
    );
  }
  const full = await tablesWithRows(tx);
  if (full.length > 0 && !input.force) {
    throw new BackupError(
      `La base de datos de destino ya tiene datos (${full.length} tablas con filas). ` +
        'Para sustituirlos por los de la copia, repite la orden con --force. No se ha cambiado nada.',
    );
  }
  // Rebuild the schema exactly as the backup's version had it (triggers that forbid deleting the
  // audit trail go with it), then bring it up to this version once the rows are in.
  await tx.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await tx.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await tx.execute(sql`CREATE SCHEMA public`);
  await applyMigrations(tx, migrations, null, manifest.schema.when);
  // Indexes that back no constraint (the trigram ones above all) are built once after the rows are in,
  // rather than row by row: a third of the time of a restore into the embedded database.
  const deferred = await plainIndexes(tx);
  for (const index of deferred)
    await tx.execute(sql`DROP INDEX ${sql.identifier('public')}.${sql.identifier(index.name)}`);

  const tables = new Map<string, TableInfo>((await tablesInOrder(tx)).map((table) => [table.name, table]));
  let batch: string[] = [];
  let batchTable: TableInfo | undefined;
  let batchBytes = 0;
  let restored = 0;
  const flush = async () => {
    if (!batchTable || batch.length === 0) return;
    const columns = sql.join(
      batchTable.columns.map((column) => sql.identifier(column)),
      sql`, `,
    );
    const target = sql`${sql.identifier('public')}.${sql.identifier(batchTable.name)}`;
    await tx.execute(
      sql`INSERT INTO ${target} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${target}, ${`[${batch.join(',')}]`}::json)`,
    );
    restored += batch.length;
    input.onProgress?.(batchTable.name, restored);
    batch = [];
    batchBytes = 0;
  };
  const sequenceStates: Extract<BodyLine, { s: string }>[] = [];
  for await (const item of { [Symbol.asyncIterator]: () => input.body }) {
    if (!('line' in item)) continue;
    const line = item.line;
    if ('s' in line) {
      sequenceStates.push(line);
      continue;
    }
    const table = tables.get(line.t);
    if (!table)
      throw new BackupError(
        `La copia trae filas de la tabla ${line.t}, que no existe en su versión del esquema. No se ha cambiado nada.`,
      );
    if (table !== batchTable || batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) {
      await flush();
      batchTable = table;
    }
    batch.push(line.row);
    batchBytes += line.row.length;
  }
  await flush();
  for (const index of deferred) await tx.execute(sql.raw(index.definition));
  for (const state of sequenceStates) {
    await tx.execute(
      sql`SELECT setval(${`public."${state.s.replaceAll('"', '""')}"`}::regclass, ${state.v}::bigint, ${state.c})`,
    );
  }
  const counts = await rowCounts(tx, Object.keys(manifest.tables));
  for (const [table, count] of Object.entries(manifest.tables)) {
    if (counts[table] !== count)
      throw new BackupError(
        `La tabla ${table} quedó con ${counts[table]} filas en vez de ${count}. No se ha cambiado nada.`,
      );
  }
  await applyMigrations(tx, migrations, manifest.schema.when, latest.when);
  if ((await appliedMigration(tx)) !== latest.when)
    throw new Error('the restored database did not reach the latest migration');
}
