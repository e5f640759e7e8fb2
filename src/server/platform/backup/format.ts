import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A backup is one gzip file of JSON lines (docs/decisions/0026-backups-that-restore.md):
 *   line 1          the manifest (its own gzip member, written last and put in front);
 *   then            `{"t":table,"r":row}` for every row, parents before children (a row is `row_to_json`);
 *   last lines      `{"s":sequence,"v":value,"c":is_called}` for every sequence.
 * `sha256` and `bytes` cover everything after the manifest's line, uncompressed.
 */
export const BACKUP_FORMAT = 'clinica-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The back end it was taken from; a backup restores into either. */
  source: 'pglite' | 'postgres';
  /** The last migration applied to the database it was taken from. */
  schema: { tag: string; when: number };
  tables: Record<string, number>;
  sequences: number;
  bytes: number;
  sha256: string;
}

/** A refusal the user can act on: the message is the whole story, in Spanish. */
export class BackupError extends Error {}

/** A row keeps its JSON text as written: parsing it would round numbers a `numeric` column holds exactly. */
export type BodyLine = { t: string; row: string } | { s: string; v: string; c: boolean };

const NEWLINE = Buffer.from('\n');
const ROW_LINE = /^\{"t":("(?:[^"\\]|\\.)*"),"r":(\{.*\})\}$/;

function damaged(file: string, detail: string): BackupError {
  return new BackupError(
    `El archivo ${file} está dañado o no es una copia de seguridad de Clínica (${detail}). No se ha cambiado nada.`,
  );
}

/** The lines of a stream, read with back-pressure (a row of a file chunk is a 2 MB line). */
async function* linesOf(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  for await (const chunk of stream) {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, newline));
      yield pending.length === 1 ? pending[0]! : Buffer.concat(pending);
      pending = [];
      start = newline + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  // A last line without its newline: the file was cut; the checksum will not match.
  if (pending.length > 0) yield Buffer.concat(pending);
}

/**
 * Reads a backup line by line: the manifest first, then each body line. Checks as it goes that the
 * body's bytes and checksum are the manifest's, and throws a `BackupError` at the end if not.
 */
export async function* readBackup(file: string): AsyncGenerator<{ manifest: BackupManifest } | { line: BodyLine }> {
  if (!fs.existsSync(file)) throw new BackupError(`No existe el archivo ${file}.`);
  const stream = pipeline(fs.createReadStream(file), zlib.createGunzip(), () => undefined);
  const hash = createHash('sha256');
  let bytes = 0;
  let manifest: BackupManifest | undefined;
  const counts: Record<string, number> = {};
  let sequenceCount = 0;
  try {
    for await (const raw of linesOf(stream)) {
      const text = raw.toString('utf8');
      if (!manifest) {
        manifest = parseManifest(file, text);
        yield { manifest };
        continue;
      }
      hash.update(raw);
      hash.update(NEWLINE);
      bytes += raw.length + 1;
      let line: BodyLine;
      const row = ROW_LINE.exec(text);
      try {
        line = row ? { t: JSON.parse(row[1]!) as string, row: row[2]! } : (JSON.parse(text) as BodyLine);
      } catch {
        throw damaged(file, 'una línea no es JSON');
      }
      if (!row && !('s' in line)) throw damaged(file, 'una línea no es ni una fila ni una secuencia');
      if ('t' in line) counts[line.t] = (counts[line.t] ?? 0) + 1;
      else sequenceCount++;
      yield { line };
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw damaged(file, (error as Error).message);
  } finally {
    stream.destroy();
  }
  if (!manifest) throw damaged(file, 'está vacío');
  if (bytes !== manifest.bytes || hash.digest('hex') !== manifest.sha256)
    throw damaged(file, 'la suma de comprobación no coincide');
  for (const [table, count] of Object.entries(manifest.tables)) {
    if ((counts[table] ?? 0) !== count)
      throw damaged(file, `la tabla ${table} tiene ${counts[table] ?? 0} filas y el manifiesto dice ${count}`);
  }
  if (sequenceCount !== manifest.sequences) throw damaged(file, 'faltan secuencias');
}

function parseManifest(file: string, text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw damaged(file, 'no empieza por un manifiesto');
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.version !== 'number')
    throw damaged(file, 'no empieza por un manifiesto');
  if (manifest.version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `La copia ${file} usa la versión ${manifest.version} del formato, más nueva que la que entiende esta versión de Clínica (${BACKUP_FORMAT_VERSION}). Actualiza Clínica antes de restaurarla.`,
    );
  }
  if (
    typeof manifest.schema?.when !== 'number' ||
    typeof manifest.sha256 !== 'string' ||
    typeof manifest.tables !== 'object'
  ) {
    throw damaged(file, 'el manifiesto está incompleto');
  }
  return manifest;
}

/** Reads the whole file once: answers its manifest if it is intact, throws a `BackupError` if not. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  for await (const item of readBackup(file)) if ('manifest' in item) manifest = item.manifest;
  return manifest!;
}

/** `clinica-backup-2026-11-23T12-00-05Z.jsonl.gz` for the instant `at`. */
export function backupFileName(at: Date): string {
  return `clinica-backup-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.jsonl.gz`;
}
