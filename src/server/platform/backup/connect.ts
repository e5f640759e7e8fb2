import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { APPLICATION_NAME, LISTENER_APPLICATION_NAME, type Db } from '../db/client';
import { acquireDirectoryLock, DirectoryLockedError, type DirectoryLock } from '../db/lock';
import * as schema from '../db/schema';
import { BackupError } from './format';

export interface BackupConnection {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data is, for messages (the data directory, or the database's name and host). */
  where: string;
  /** Connections of a running Clínica server to the same database (always 0 on PGlite: the lock keeps them out). */
  serverConnections(): Promise<number>;
  close(): Promise<void>;
}

export const BACKUP_APPLICATION_NAME = 'clinica-backup';

/**
 * Opens the configured database for the backup tools, without migrating it (a backup must not change
 * what it copies). The embedded database is opened only with its directory's lock: a running server
 * holds it, and a second process must not open the same files.
 */
export async function openForBackup(config: Config, options: { create?: boolean } = {}): Promise<BackupConnection> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl, application_name: BACKUP_APPLICATION_NAME });
    await client.connect();
    client.on('error', () => undefined);
    const url = new URL(config.databaseUrl);
    return {
      db: drizzlePg({ client, schema }) as unknown as Db,
      kind: 'postgres',
      where: `la base de datos ${url.pathname.slice(1) || url.username} de ${url.hostname}`,
      async serverConnections() {
        const { rows } = await client.query<{ count: string }>(
          `SELECT count(*)::text AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ANY($1)`,
          [[APPLICATION_NAME, LISTENER_APPLICATION_NAME]],
        );
        return Number(rows[0]!.count);
      },
      close: () => client.end(),
    };
  }
  const pgdata = path.join(config.dataDir, 'pgdata');
  if (!options.create && !fs.existsSync(pgdata))
    throw new BackupError(`No hay ninguna base de datos en ${config.dataDir} (DATA_DIR).`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  let lock: DirectoryLock;
  try {
    lock = acquireDirectoryLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
    throw new BackupError(
      `${error.message}\nLa base de datos integrada solo la abre un proceso: detén el servidor de Clínica y repite la orden ` +
        '(con PostgreSQL la copia puede hacerse con el servidor en marcha).',
    );
  }
  try {
    const client = await PGlite.create({ dataDir: pgdata, extensions: { btree_gist, pg_trgm, unaccent } });
    return {
      db: drizzlePglite({ client, schema }) as unknown as Db,
      kind: 'pglite',
      where: config.dataDir,
      serverConnections: () => Promise.resolve(0),
      async close() {
        await client.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
