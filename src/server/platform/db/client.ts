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
import { NotificationListener } from './listener';
import { acquireDirectoryLock, type DirectoryLock } from './lock';
import * as schema from './schema';
import { DatabaseUnavailableError, isConnectionError } from './unavailable';
import { guardQueriesBesideTransactions } from './transaction-guard';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either, so callers can group writes. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs a LISTEN on `channel`; returns the function that stops it. On PostgreSQL the LISTEN survives a
   * lost connection (it reconnects with back-off); `onResume` runs after each such reconnection, since
   * notifications sent meanwhile were lost: a subscriber that must not miss work looks for it then.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  /** Resolves when the LISTEN connection is up (at once on PGlite): tests wait on it after cutting it. */
  listening(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; connectionTimeoutMs?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      /** An in-memory database starts as a copy of this image (`migratedPgliteImage`) instead of empty. */
      image?: Blob;
    };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    return openPostgres(target.url, target.poolSize ?? 10, target.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS);
  }
  return openPglite(target.dataDir, target.image);
}

/**
 * The files of an in-memory database with every migration applied. Starting from them takes a quarter of the
 * time of migrating an empty one (0.6 s against 2.5 s, measured beside the suite), and the test suites open
 * a hundred databases.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const database = await openPglite(undefined, undefined);
  const image = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  return image;
}

/**
 * How long a request waits for a connection — a new one to an unreachable server, or a free one of a
 * busy pool — before it is answered 503: without it a request hangs as long as the network does.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;

/** `application_name` of our connections, so `pg_stat_activity` (and an operator) tells them apart. */
export const APPLICATION_NAME = 'clinica';
export const LISTENER_APPLICATION_NAME = 'clinica-listen';

/**
 * Planner settings for an OLTP workload whose data is in memory or on SSD: random reads cost about
 * what sequential ones do (so the trigram and range indexes are chosen), no JIT compilation (it adds
 * ~100 ms to any query the planner thinks is big, which our short queries never repay), and no parallel
 * workers: starting them and merging their sorted rows cost more than they save on reads of a few thousand
 * rows, and under load every core is already serving another request (the calendar's week of every doctor:
 * 65 → 20 ms for the bare join, 143 → 101 ms with its JSON; docs/performance-history.md «Scale»).
 */
const SESSION_SETTINGS = { random_page_cost: '1.1', jit: 'off', max_parallel_workers_per_gather: '0' };

/**
 * pg-pool's own `query()` throws the connection away after any error, even an ordinary one the server
 * answered (a constraint refusing an overlapping booking, a duplicate document): every such 409 then paid
 * for a new PostgreSQL backend (fork, authentication, cold caches). This pool keeps a connection that only
 * saw a server-side error, and drops one whose error came from the connection itself (a dead socket, or
 * the server's FATAL «terminating connection» that precedes one).
 *
 * A failure to get a connection at all (refused, timed out, the database refusing connections) is
 * wrapped in `DatabaseUnavailableError`, which the API answers with 503: whatever the server said while
 * connecting, the request could not reach the data.
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
      const broken = !(error instanceof pg.DatabaseError) || isConnectionError(error);
      client.release(broken ? (error as Error) : undefined);
      throw error;
    }
  }

  // Only the promise form is used (Drizzle's transactions and `query` above).
  override async connect(): Promise<pg.PoolClient> {
    try {
      return await super.connect();
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
  }
}

function postgresSettings(url: string, connectionTimeoutMillis: number) {
  const options = Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  // keepAlive: a peer that vanished without closing (a failover, a dropped NAT entry) is noticed.
  return { connectionString: url, options, connectionTimeoutMillis, keepAlive: true };
}

async function openPostgres(url: string, poolSize: number, connectionTimeoutMs: number): Promise<Database> {
  const settings = postgresSettings(url, connectionTimeoutMs);
  const pool = new ReusingPool({ ...settings, application_name: APPLICATION_NAME, max: poolSize });
  // An idle client that loses its connection emits 'error' on the pool, which drops it.
  pool.on('error', () => undefined);
  // A checked-out client (in a transaction, or between the statements of a request) emits 'error' on
  // itself when its connection dies; with no listener that would crash the process. The query in
  // progress rejects on its own and the client is dropped when released, so the listener only absorbs it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool as pg.Pool, schema });
  try {
    await migratePg(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listener = new NotificationListener({
    clientConfig: { ...settings, application_name: LISTENER_APPLICATION_NAME },
  });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    listen: (channel, onPayload, onResume) => listener.listen(channel, onPayload, onResume),
    listening: () => listener.ready(),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which never
 * shrinks; PGlite reads its files through Node's file system, so the operating system caches them as well.
 * 16 MB measured 113 MiB less RSS at start (docs/performance-history.md, "The embedded database's memory").
 */
const PGLITE_START_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<Database> {
  let lock: DirectoryLock | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDirectoryLock(dataDir);
  }
  try {
    const client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
      loadDataDir: image,
      extensions: { btree_gist, pg_trgm, unaccent },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_START_SETTINGS],
    });
    // In tests a query beside its own open transaction fails at once instead of hanging (transaction-guard.ts).
    if (process.env.NODE_ENV === 'test') guardQueriesBesideTransactions(client);
    await client.exec(
      Object.entries(SESSION_SETTINGS)
        .map(([name, value]) => `SET ${name} = ${value};`)
        .join('\n'),
    );
    const db = drizzlePglite({ client, schema });
    // On an image this only finds every migration applied.
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      async listen(channel, onPayload) {
        // In-process: there is no connection to lose, so nothing ever resumes.
        return client.listen(channel, onPayload);
      },
      listening: () => Promise.resolve(),
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
