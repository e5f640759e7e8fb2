import type { FastifyBaseLogger } from 'fastify';
import { durationMs, realNowMs, type Database } from '../../platform';
import { PATIENT_IMPORT_CHANNEL } from './repository';
import type { PatientImportService } from './service';

/**
 * The import worker of a server: runs the queued imports and undos as soon as one is queued (NOTIFY, from any
 * instance), when the LISTEN connection comes back, and every `intervalMs` in case a notification was missed
 * or another instance stopped in the middle of one (its heartbeat goes stale). Once an hour it forgets the
 * files of imports whose week is over. Answers the function that stops it.
 */
export async function startPatientImportWorker(
  deps: { database: Database; patientImports: PatientImportService; log: FastifyBaseLogger },
  intervalMs = 60_000,
): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let lastCleanup = 0;
  const stopping = new AbortController();

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const finished = await deps.patientImports.runPending(stopping.signal);
          if (finished > 0) deps.log.info({ finished }, 'patient imports finished');
          if (realNowMs() - lastCleanup > durationMs({ hours: 1 })) {
            lastCleanup = realNowMs();
            await deps.patientImports.dropOldFiles();
          }
        } catch (error) {
          deps.log.warn({ err: (error as Error).name }, 'patient import run failed; trying again later');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  }

  const timer = setInterval(kick, intervalMs);
  timer.unref();
  const unlisten = await deps.database.listen(PATIENT_IMPORT_CHANNEL, kick, kick);
  kick();
  return async () => {
    stopped = true;
    stopping.abort();
    clearInterval(timer);
    await unlisten();
    await running;
  };
}
