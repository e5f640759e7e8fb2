import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

/** Row count and a hash of every row of one table. */
export interface TableState {
  rows: number;
  hash: string;
}
export type Snapshot = Record<string, TableState>;

/**
 * Tables a refused request may change, and why. Anything else a 4xx answer changed is a defect.
 * - `rate_limit_hits`: the rate limiter counts every request before the route runs, refused or not —
 *   that is its job (a flood of refused requests must be limited too).
 * - `sign_in_throttle`: a refused sign-in (wrong password) is exactly what it records; only that route,
 *   the second step's and the step-up's (a wrong code or passkey counts like a wrong password).
 */
export const MAY_CHANGE_WHEN_REFUSED: Record<string, (routeKey: string) => boolean> = {
  rate_limit_hits: () => true,
  sign_in_throttle: (routeKey) =>
    routeKey === 'POST /api/auth/sign-in' ||
    routeKey === 'POST /api/auth/passkey-sign-in' ||
    // «Confirma que eres tú»: a wrong password or code counts as at sign-in (issue 33).
    routeKey === 'POST /api/profile/step-up' ||
    ['totp', 'recovery', 'passkey'].some((method) => routeKey === `POST /api/auth/second-factor/${method}`),
};

const statements = new WeakMap<Db, ReturnType<typeof sql.raw>>();

async function publicTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  return (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename);
}

/**
 * Every table of the public schema (the migrations journal lives in its own schema): its row count and
 * the md5 of its rows as text, sorted, in one statement — one round trip per snapshot.
 */
export async function snapshot(db: Db): Promise<Snapshot> {
  let statement = statements.get(db);
  if (!statement) {
    const tables = await publicTables(db);
    if (tables.length === 0) throw new Error('no tables to snapshot');
    statement = sql.raw(
      tables
        .map(
          (table) =>
            `SELECT '${table}' AS name, count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS hash FROM "${table}" t`,
        )
        .join(' UNION ALL '),
    );
    statements.set(db, statement);
  }
  const result = await db.execute(statement);
  const rows = (result as unknown as { rows: { name: string; rows: number; hash: string }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.name, { rows: Number(row.rows), hash: row.hash }]));
}

/** The tables whose rows differ between two snapshots, except those the route may change when refused. */
export function changedTables(before: Snapshot, after: Snapshot, routeKey: string): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => {
    if (MAY_CHANGE_WHEN_REFUSED[name]?.(routeKey)) return false;
    const [a, b] = [before[name], after[name]];
    return a?.rows !== b?.rows || a?.hash !== b?.hash;
  });
}

/**
 * A cheap "has anything been written?" for the test database: a row trigger on every public table
 * (but those a refused request may change) draws a number from the sequence `fuzz.writes`. When the
 * sequence has not moved since the last full snapshot, no row was inserted, updated or deleted, so the
 * full snapshot (tens of milliseconds) is taken only after a write — a sequence is not transactional,
 * so a write rolled back still moves it, and then the full comparison decides.
 */
export async function installWriteCounter(db: Db): Promise<void> {
  const tables = (await publicTables(db)).filter((table) => !(table in MAY_CHANGE_WHEN_REFUSED));
  const statements = [
    'CREATE SCHEMA IF NOT EXISTS fuzz',
    'CREATE SEQUENCE IF NOT EXISTS fuzz.writes',
    `CREATE OR REPLACE FUNCTION fuzz.count_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('fuzz.writes'); RETURN NULL; END $$`,
    ...tables.flatMap((table) => [
      `CREATE TRIGGER fuzz_count_rows AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION fuzz.count_write()`,
      `CREATE TRIGGER fuzz_count_truncate AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION fuzz.count_write()`,
    ]),
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
}

/** How many rows have been written since the counter was installed (see `installWriteCounter`). */
export async function writeCount(db: Db): Promise<string> {
  const result = await db.execute(sql`SELECT last_value::text AS n, is_called FROM fuzz.writes`);
  const row = (result as unknown as { rows: { n: string; is_called: boolean }[] }).rows[0]!;
  return row.is_called ? row.n : '0';
}
