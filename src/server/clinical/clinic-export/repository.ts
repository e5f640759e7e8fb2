import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { ExportTable } from './tables-repository';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A table's SQL text with its `$tz` marks bound to the clinic's time zone. */
const withZone = (text: string, timeZone: string): SQL =>
  sql.join(
    text.split('$tz').map((part) => sql.raw(part)),
    sql`${timeZone}`,
  );

/** A page of rows after the last one read: the columns as text, then the keys to read on from. */
export interface ExportPage {
  rows: string[][];
  /** The keys of the last row, or null when the table is done. */
  last: string[] | null;
}

/** The whole clinic, table by table, read in pages (keyset on each table's keys) so no page holds it all. */
export function createClinicExportRepository(db: Db) {
  return {
    async count(table: ExportTable): Promise<number> {
      const where = table.where ? ` WHERE ${table.where}` : '';
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table.from}${where}`)),
      );
      return row?.n ?? 0;
    },

    async page(table: ExportTable, timeZone: string, after: string[] | null, limit: number): Promise<ExportPage> {
      const columns = table.columns.map((column, index) => `(${column.sql}) AS c${index}`);
      const keys = table.keys.map(([column], index) => `${column}::text AS k${index}`);
      const conditions: SQL[] = [];
      if (table.where) conditions.push(sql.raw(table.where));
      if (after) {
        const left = sql.raw(`(${table.keys.map(([column]) => column).join(', ')})`);
        const right = sql.join(
          table.keys.map(([, type], index) => sql`${after[index]}::${sql.raw(type)}`),
          sql.raw(', '),
        );
        conditions.push(sql`${left} > (${right})`);
      }
      const query = sql`SELECT ${withZone([...columns, ...keys].join(', '), timeZone)} FROM ${sql.raw(table.from)}${
        conditions.length > 0 ? sql` WHERE ${sql.join(conditions, sql.raw(' AND '))}` : sql``
      } ORDER BY ${sql.raw(table.keys.map(([column]) => column).join(', '))} LIMIT ${limit}`;
      const raw = rowsOf<Record<string, string | null>>(await db.execute(query));
      const rows = raw.map((row) => table.columns.map((_, index) => row[`c${index}`] ?? ''));
      const lastRow = raw.at(-1);
      return {
        rows,
        last: lastRow && raw.length === limit ? table.keys.map((_, index) => String(lastRow[`k${index}`])) : null,
      };
    },
  };
}

export type ClinicExportRepository = ReturnType<typeof createClinicExportRepository>;
