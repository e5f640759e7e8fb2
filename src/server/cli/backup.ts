/**
 * Writes a backup of the whole database (the embedded one in DATA_DIR, or DATABASE_URL), files included:
 *   npm run backup [-- --out carpeta-o-archivo.jsonl.gz]
 * With PostgreSQL it may run while the server runs (one snapshot); the embedded database must be free.
 */
import fs from 'node:fs';
import path from 'node:path';
import '../../common/zod-es';
import { ConfigError, loadConfig } from '../platform/config';
import { clock } from '../platform/clock';
import { openForBackup } from '../platform/backup/connect';
import { writeBackup } from '../platform/backup/dump';
import { checkAndRecordBackup } from '../platform/backup/record';
import { BackupError, backupFileName } from '../platform/backup/format';
import { parseFlags } from './open';

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.help || flags.out === true) {
    console.error('Uso: npm run backup [-- --out carpeta | --out archivo.jsonl.gz]');
    process.exit(2);
  }
  const config = loadConfig();
  const target = typeof flags.out === 'string' ? path.resolve(flags.out) : path.resolve('backups');
  const file = target.endsWith('.gz') ? target : path.join(target, backupFileName(clock.now()));
  fs.mkdirSync(path.dirname(file), { recursive: true });

  const started = performance.now();
  const connection = await openForBackup(config);
  try {
    const manifest = await writeBackup(connection.db, file, connection.kind);
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    const size = fs.statSync(file).size;
    console.log(`Copia de seguridad de ${connection.where} guardada en ${file}`);
    // Read back and recorded in the database, where «Puesta en marcha» shows the last run.
    const { run, recorded } = await checkAndRecordBackup(connection.db, file);
    if (!run.verified) console.error(`La copia no se pudo comprobar: ${run.checkError}`);
    if (!recorded) console.error('Aviso: no se pudo anotar la copia en la base de datos (¿falta migrarla?).');
    console.log(
      `${Object.keys(manifest.tables).length} tablas, ${rows.toLocaleString('es-ES')} filas (${manifest.tables.patient_file_chunks ?? 0} trozos de archivos), ` +
        `${(size / 1024 / 1024).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB, esquema ${manifest.schema.tag}, ` +
        `${((performance.now() - started) / 1000).toLocaleString('es-ES', { maximumFractionDigits: 1 })} s.`,
    );
    if (!run.verified) process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else
    console.error(
      'No se pudo hacer la copia de seguridad:',
      (error as { cause?: Error }).cause?.message ?? (error as Error).message,
    );
  process.exit(1);
});
