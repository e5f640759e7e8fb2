/**
 * Fills a database for benchmarks: `npm run seed:big -- --patients 100000`.
 * Adds to what is there (run twice: twice as many). Uses DATA_DIR or DATABASE_URL like the server.
 */
import '../../common/zod-es';
import { ConfigError } from '../config';
import { DirectoryLockedError } from '../db/lock';
import { fakePatient } from '../seed/spanish-data';
import { openForCli, parseFlags } from './open';

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const patients = Number(flags.patients ?? 0);
  if (!Number.isInteger(patients) || patients < 0) {
    console.error('Uso: npm run seed:big -- --patients 100000');
    process.exit(2);
  }
  const { database, repos } = await openForCli();
  try {
    const started = Date.now();
    const offset = await repos.patients.count();
    for (let from = 0; from < patients; from += 1000) {
      const batch = [];
      for (let i = from; i < Math.min(patients, from + 1000); i++) batch.push(fakePatient(offset + i + 1_000_000, 7));
      await repos.patients.createMany(batch);
      if ((from / 1000) % 10 === 9) process.stdout.write(`\r${from + 1000} pacientes…`);
    }
    console.log(`\n${patients} pacientes añadidos en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) console.error(error.message);
  else console.error('No se pudieron generar los datos:', error);
  process.exit(1);
});
