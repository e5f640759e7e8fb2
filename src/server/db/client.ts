import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirectoryLock, type DirectoryLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either, so callers can group writes. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a LISTEN on `channel`; returns the function that stops it. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  return openPglite(target.dataDir);
}

/**
 * Planner settings for an OLTP workload whose data is in memory or on SSD: random reads cost about
 * what sequential ones do (so the trigram and range indexes are chosen), and no JIT compilation
 * (it adds ~100 ms to any query the planner thinks is big, which our short queries never repay).
 */
const SESSION_SETTINGS = { random_page_cost: '1.1', jit: 'off' };

/**
 * pg-pool's own `query()` throws the connection away after any error, even an ordinary one the server
 * answered (a constraint refusing an overlapping booking, a duplicate document): every such 409 then paid
 * for a new PostgreSQL backend (fork, authentication, cold caches). This pool keeps a connection that only
 * saw a server-side error, and drops one whose error came from the connection itself.
 */
class ReusingPool extends pg.Pool {
  // @ts-expect-error pg's overloads (callbacks, streams) are not used here: callers await a result.
  override async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      const result = await client.query(config as pg.QueryConfig, values);
      client.release();
      return result;
    } catch (error) {
      client.release(error instanceof pg.DatabaseError ? undefined : (error as Error));
      throw error;
    }
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const options = Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new ReusingPool({ connectionString: url, max: poolSize, options });
  // An idle client that loses its connection emits 'error'; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool as pg.Pool, schema });
  await migratePg(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      const client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        client.release();
      };
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let lock: DirectoryLock | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDirectoryLock(dataDir);
  }
  try {
    const client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
      extensions: { btree_gist, pg_trgm, unaccent },
    });
    await client.exec(
      Object.entries(SESSION_SETTINGS)
        .map(([name, value]) => `SET ${name} = ${value};`)
        .join('\n'),
    );
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      async listen(channel, onPayload) {
        return client.listen(channel, onPayload);
      },
      async close() {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
