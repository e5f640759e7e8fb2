import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from '../db/client';
import { migrationsFolder } from '../db/client';

/** One migration of the code, as Drizzle's migrator sees it, with its file name. */
export interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

/** The migrations this version of Clínica knows, oldest first. */
export function codeMigrations(folder = migrationsFolder): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, index) => ({
    tag: entry.tag,
    when: entry.when,
    hash: files[index]!.hash,
    statements: files[index]!.sql,
  }));
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The `created_at` (journal `when`) of the last migration applied to the database, or null for a blank one. */
export async function appliedMigration(db: Db): Promise<number | null> {
  const [exists] = await rows<{ name: string | null }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`,
  );
  if (!exists?.name) return null;
  const [last] = await rows<{ when: string | null }>(
    db,
    sql`SELECT max(created_at)::text AS "when" FROM drizzle.__drizzle_migrations`,
  );
  return last?.when ? Number(last.when) : null;
}

/** Applies the code's migrations after `after` up to and including `upTo`, recording them as Drizzle does. */
export async function applyMigrations(
  db: Db,
  migrations: Migration[],
  after: number | null,
  upTo: number,
): Promise<void> {
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of migrations) {
    if ((after !== null && migration.when <= after) || migration.when > upTo) continue;
    for (const statement of migration.statements) await db.execute(sql.raw(statement));
    await db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.when})`,
    );
  }
}

export interface TableInfo {
  name: string;
  /** Columns a restore writes (not generated ones). */
  columns: string[];
  /** Whether a row may be large (`bytea`): the backup then reads a few rows at a time. */
  wide: boolean;
}

/**
 * The application's tables (schema `public`), parents before children so a restore never breaks a foreign
 * key. A cycle (or a table referencing itself) would need deferred constraints: it is refused here, so a
 * migration that adds one fails the backup test rather than a restore on the day it is needed.
 */
export async function tablesInOrder(db: Db): Promise<TableInfo[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  const columns = await rows<{ table: string; column: string; type: string; generated: string }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, NULL) AS type, a.attgenerated::text AS generated
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped ORDER BY c.relname, a.attnum`,
  );
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`SELECT DISTINCT child.relname AS child, parent.relname AS parent FROM pg_constraint k
        JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = child.relnamespace WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((table) => [table.name, new Set()]));
  for (const { child, parent } of references) {
    if (child === parent)
      throw new Error(`La tabla ${child} se referencia a sí misma: la copia de seguridad no sabe ordenarla.`);
    parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables
      .map((table) => table.name)
      .filter((name) => !placed.has(name) && [...parents.get(name)!].every((parent) => placed.has(parent)));
    if (ready.length === 0)
      throw new Error(
        'Las claves ajenas de la base de datos forman un ciclo: la copia de seguridad no sabe ordenarlas.',
      );
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered.map((name) => {
    const own = columns.filter((column) => column.table === name);
    return {
      name,
      columns: own.filter((column) => column.generated === '').map((column) => column.column),
      wide: own.some((column) => column.type === 'bytea'),
    };
  });
}

/** The sequences of schema `public` (those of `bigserial` columns) with their current state. */
export async function sequences(db: Db): Promise<{ name: string; value: string; called: boolean }[]> {
  const names = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const states = [];
  for (const { name } of names) {
    const [state] = await rows<{ value: string; called: boolean }>(
      db,
      sql`SELECT last_value::text AS value, is_called AS called FROM ${sql.identifier('public')}.${sql.identifier(name)}`,
    );
    states.push({ name, value: state!.value, called: state!.called });
  }
  return states;
}

/** Row counts of every application table. */
export async function rowCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await rows<{ count: string }>(
      db,
      sql`SELECT count(*)::text AS count FROM ${sql.identifier('public')}.${sql.identifier(table)}`,
    );
    counts[table] = Number(row!.count);
  }
  return counts;
}
