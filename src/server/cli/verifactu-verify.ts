/**
 * Recomputes every VERI*FACTU chain of the configured database (DATA_DIR or DATABASE_URL) and exits non-zero,
 * naming the first broken record, if a record was altered, removed or reordered:
 *   npm run verifactu:verify
 */
import '../../common/zod-es';
import { ConfigError } from '../platform/config';
import { DirectoryLockedError } from '../platform/db/lock';
import { chainStates } from '../billing/submissions/chain-state';
import { openForCli } from './open';

async function main() {
  const { database, repos } = await openForCli();
  try {
    const states = await chainStates(repos.verifactuRecords);
    if (states.length === 0) console.log('No hay registros de facturación que comprobar.');
    for (const state of states) {
      const chain = `NIF ${state.issuerNif} (${state.mode === 'produccion' ? 'producción' : 'pruebas'})`;
      if (state.broken) console.error(`${chain}: la cadena NO verifica. ${state.broken}.`);
      else
        console.log(
          `${chain}: la cadena verifica (${state.records} registros; último: ${state.last?.number}, ${state.last?.generatedAt}).`,
        );
    }
    process.exitCode = states.some((state) => state.broken) ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) console.error(error.message);
  else
    console.error(
      'No se pudo comprobar la cadena:',
      (error as { cause?: Error }).cause?.message ?? (error as Error).message,
    );
  process.exit(2);
});
