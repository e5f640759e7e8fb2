/**
 * Fills a database for benchmarks (adds to what is there), with DATA_DIR or DATABASE_URL like the server:
 *   npm run seed:big -- --patients 100000
 *   npm run seed:big -- --appointments 1000000 --doctors 50
 */
import '../../common/zod-es';
import { ConfigError } from '../platform/config';
import { realNowMs } from '../platform/dates';
import { DirectoryLockedError } from '../platform/db/lock';
import { addDoctorsAndAppointments, addPatients } from '../seed/big';
import { openForCli, parseFlags } from './open';
import { progressBar } from './progress';

const count = (value: string | true | undefined, fallback: number) => {
  const number = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error('Uso: npm run seed:big -- [--patients 100000] [--appointments 1000000 --doctors 50]');
    process.exit(2);
  }
  return number;
};

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const patients = count(flags.patients, 0);
  const appointments = count(flags.appointments, 0);
  const doctors = count(flags.doctors, appointments > 0 ? 50 : 0);
  const { database, repos } = await openForCli();
  const started = realNowMs();
  try {
    if (patients > 0) {
      const bar = progressBar('pacientes', patients);
      await addPatients(database.db, repos, patients, (done) => bar.update(done));
      bar.finish(`${patients} pacientes añadidos`);
    }
    if (appointments > 0) {
      const bar = progressBar('citas', appointments);
      const added = await addDoctorsAndAppointments(database.db, repos, {
        doctorCount: doctors,
        appointmentCount: appointments,
        onProgress: (done) => bar.update(done),
      });
      bar.finish(`${doctors} doctores y ${added} citas añadidos`);
    }
    await repos.patients.analyze();
    console.log(`Hecho en ${((realNowMs() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) console.error(error.message);
  else console.error('No se pudieron generar los datos:', error);
  process.exit(1);
});
