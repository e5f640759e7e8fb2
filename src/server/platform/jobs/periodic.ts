import type { FastifyBaseLogger } from 'fastify';

/**
 * A job that runs `work` every `intervalMs`, one run at a time per process (a run still going skips the tick); a
 * failed run is logged and retried on the next tick. Work that must happen once across instances claims its rows
 * itself (FOR UPDATE SKIP LOCKED). Answers the function that stops it.
 */
export function startPeriodicJob(job: {
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Runs once at start as well, not only after the first interval. */
  runAtStart: boolean;
  /** The run: answers how many things it did, logged as `done` when some. */
  work: () => Promise<number>;
  done: { key: string; message: string };
  failed: string;
}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const count = await job.work();
      if (count > 0) job.log.info({ [job.done.key]: count }, job.done.message);
    } catch (error) {
      job.log.warn({ err: (error as Error).name }, job.failed);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), job.intervalMs);
  timer.unref();
  if (job.runAtStart) void tick();
  return () => clearInterval(timer);
}
