import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clock } from '../clock';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, type BackupManifest } from './format';
import { appliedMigration, codeMigrations, sequences, tablesInOrder } from './schema-info';

/** Rows read per round trip; a table with `bytea` (1 MB file chunks) reads a few at a time. */
const BATCH_ROWS = 1000;
const WIDE_BATCH_ROWS = 8;

/**
 * Writes a backup of the whole database to `file` from one snapshot: a REPEATABLE READ, READ ONLY
 * transaction, so a server that keeps writing meanwhile never gives a backup with half of a change.
 * The file appears (renamed into place) only once complete.
 */
export async function writeBackup(db: Db, file: string, source: BackupManifest['source']): Promise<BackupManifest> {
  const bodyFile = `${file}.body.partial`;
  const partial = `${file}.partial`;
  const body = zlib.createGzip({ level: 6 });
  const written = pipeline(body, fs.createWriteStream(bodyFile));
  try {
    const hash = createHash('sha256');
    let bytes = 0;
    const write = async (text: string) => {
      hash.update(text);
      bytes += Buffer.byteLength(text);
      if (!body.write(text)) await once(body, 'drain');
    };

    const content = await db.transaction(
      async (tx) => {
        const when = await appliedMigration(tx);
        const migration = codeMigrations().find((item) => item.when === when);
        if (!migration) {
          throw new BackupError(
            when === null
              ? 'La base de datos está vacía: no tiene las tablas de Clínica. Arranca el servidor una vez o restaura una copia.'
              : 'La base de datos es de una versión más nueva de Clínica que este programa: haz la copia con la versión que usa el servidor.',
          );
        }
        const tables: Record<string, number> = {};
        for (const table of await tablesInOrder(tx)) {
          let count = 0;
          const cursor = sql.identifier(`backup_${table.name}`);
          await tx.execute(
            sql`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${sql.identifier('public')}.${sql.identifier(table.name)} t`,
          );
          const fetch = sql.raw(
            `FETCH ${table.wide ? WIDE_BATCH_ROWS : BATCH_ROWS} FROM "backup_${table.name.replaceAll('"', '""')}"`,
          );
          for (;;) {
            const { rows } = (await tx.execute(fetch)) as unknown as { rows: { row: string }[] };
            if (rows.length === 0) break;
            const prefix = `{"t":${JSON.stringify(table.name)},"r":`;
            await write(rows.map((item) => `${prefix}${item.row}}\n`).join(''));
            count += rows.length;
          }
          await tx.execute(sql`CLOSE ${cursor}`);
          tables[table.name] = count;
        }
        const states = await sequences(tx);
        for (const state of states)
          await write(`${JSON.stringify({ s: state.name, v: state.value, c: state.called })}\n`);
        return { tables, sequences: states.length, schema: { tag: migration.tag, when: migration.when } };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    body.end();
    await written;

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: clock.now().toISOString(),
      source,
      ...content,
      bytes,
      sha256: hash.digest('hex'),
    };
    // Gzip members concatenate into one stream: the manifest's member goes first, the body's follows.
    fs.writeFileSync(partial, zlib.gzipSync(`${JSON.stringify(manifest)}\n`));
    await pipeline(fs.createReadStream(bodyFile), fs.createWriteStream(partial, { flags: 'a' }));
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    return manifest;
  } catch (error) {
    body.destroy();
    await written.catch(() => undefined);
    throw error;
  } finally {
    fs.rmSync(bodyFile, { force: true });
    fs.rmSync(partial, { force: true });
  }
}
