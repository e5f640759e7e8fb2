import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { toInstant } from '../dates';

const dialect = new PgDialect();

/**
 * A raw statement for the hot paths (signing a request in, booking): its SQL text is built once, and
 * PostgreSQL parses and plans it once per connection (a named prepared statement) instead of on every
 * request — planning was about a third of the database's work per booking. Values go in through
 * `sql.placeholder(name)`; rows come back as the driver gives them (snake_case, timestamps as text or
 * Date depending on the driver).
 */
export function preparedStatement<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as unknown as { rows: Row[] }).rows;
  };
}

/** A timestamp as the drivers hand it back in raw rows: Date (PGlite) or text (node-postgres through Drizzle). */
export const asDate = (value: Date | string): Date => toInstant(value);

/**
 * A Drizzle query (with `sql.placeholder` values) prepared once on `db` under `name`; inside a transaction
 * the same query is built on the transaction, unprepared. Call the result with the `db` or `tx` at hand,
 * then `.execute(values)`.
 */
export function preparedQuery<Prepared, Built>(
  db: Db,
  name: string,
  build: (tx: Db) => Built & { prepare(name: string): Prepared },
) {
  const prepared = build(db).prepare(name);
  return (tx: Db): Prepared | Built => (tx === db ? prepared : build(tx));
}

/**
 * A statement built at request time (its conditions vary with the filters and the requesting user's scope),
 * still prepared once per connection: named after a hash of its text, so each distinct shape is parsed and
 * planned once and later calls only bind their values. For long statements whose planning is a large part of
 * their cost (the desk's lists: ~8 ms of planning for ~30 ms of work).
 */
export async function executePrepared<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `s_${createHash('sha1').update(query.sql).digest('base64url')}`;
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute({});
  return (result as unknown as { rows: Row[] }).rows;
}
