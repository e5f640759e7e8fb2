import type { FastifyBaseLogger } from 'fastify';
import type { SurveyService } from '../modules/channels/surveys';

/** Writes the due after-visit messages every `intervalMs` (once per visit, whatever the number of instances). */
export function startSurveyJob(
  deps: { surveys: Pick<SurveyService, 'enqueueDue'>; log: FastifyBaseLogger },
  intervalMs = 60_000,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const queued = await deps.surveys.enqueueDue();
      if (queued > 0) deps.log.info({ queued }, 'after-visit messages queued');
    } catch (error) {
      deps.log.warn({ err: (error as Error).name }, 'after-visit run failed; retrying on the next one');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
