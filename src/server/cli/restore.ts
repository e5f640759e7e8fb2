/**
 * Restores a backup into the configured database (the embedded one in DATA_DIR, or DATABASE_URL):
 *   npm run restore -- archivo.jsonl.gz [--force]     replaces a database with data only with --force
 *   npm run restore -- archivo.jsonl.gz --check       only checks the file
 * The server must be stopped. The restored database is brought up to this version's schema.
 */
import path from 'node:path';
import '../../common/zod-es';
import { ConfigError, loadConfig } from '../platform/config';
import { openForBackup } from '../platform/backup/connect';
import { BackupError, verifyBackup, type BackupManifest } from '../platform/backup/format';
import { restoreBackup } from '../platform/backup/restore';
import { epochMs, formatDateTimeWithSeconds } from '../platform/dates';

/**
 * When the backup was made, in Madrid («23/3/2026, 9:30:05»). The manifest's own text is not checked by its checksum:
 * one that is not an instant reads «Invalid Date», as it always did, instead of failing a restore already done.
 */
const madeAt = (manifest: BackupManifest) =>
  Number.isNaN(epochMs(manifest.createdAt))
    ? 'Invalid Date'
    : formatDateTimeWithSeconds(manifest.createdAt, 'Europe/Madrid');

async function main() {
  const argv = process.argv.slice(2);
  const flags = { force: argv.includes('--force'), check: argv.includes('--check') };
  const files = argv.filter((arg) => !arg.startsWith('--'));
  if (files.length !== 1 || argv.some((arg) => arg.startsWith('--') && !['--force', '--check'].includes(arg))) {
    console.error('Uso: npm run restore -- archivo.jsonl.gz [--force] [--check]');
    process.exit(2);
  }
  const file = path.resolve(files[0]!);
  const started = performance.now();
  if (flags.check) {
    const manifest = await verifyBackup(file);
    console.log(`La copia ${file} está completa: esquema ${manifest.schema.tag}, hecha el ${madeAt(manifest)}.`);
    return;
  }
  // Checked before the database is opened: a damaged file is refused at once.
  await verifyBackup(file);
  const config = loadConfig();
  const connection = await openForBackup(config, { create: true });
  try {
    const servers = await connection.serverConnections();
    if (servers > 0) {
      throw new BackupError(
        `Hay un servidor de Clínica conectado a ${connection.where} (${servers} conexiones): detenlo antes de restaurar. No se ha cambiado nada.`,
      );
    }
    const manifest = await restoreBackup(connection.db, file, {
      force: flags.force,
      verified: true,
      onProgress: process.stderr.isTTY
        ? (table, rows) =>
            process.stderr.write(`\r${rows.toLocaleString('es-ES')} filas restauradas (${table})…\u001b[K`)
        : undefined,
    });
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.log(`Copia ${path.basename(file)} restaurada en ${connection.where}.`);
    console.log(
      `${rows.toLocaleString('es-ES')} filas, copia hecha el ${madeAt(manifest)}, ` +
        `${((performance.now() - started) / 1000).toLocaleString('es-ES', { maximumFractionDigits: 1 })} s. Ya puedes arrancar el servidor.`,
    );
  } finally {
    await connection.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  // A failed statement's own message (Drizzle's repeats the statement and its parameters: megabytes of rows).
  else
    console.error(
      'No se pudo restaurar la copia; la base de datos no ha cambiado:',
      (error as { cause?: Error }).cause?.message ?? (error as Error).message,
    );
  process.exit(1);
});
