import type { FastifyBaseLogger } from 'fastify';
import type { SurveyService } from './service';
import { startPeriodicJob } from '../../platform';

/** Writes the due after-visit messages every `intervalMs` (once per visit, whatever the number of instances). */
export function startSurveyJob(
  deps: { surveys: Pick<SurveyService, 'enqueueDue'>; log: FastifyBaseLogger },
  intervalMs = 60_000,
): () => void {
  return startPeriodicJob({
    log: deps.log,
    intervalMs,
    runAtStart: true,
    work: () => deps.surveys.enqueueDue(),
    done: { key: 'queued', message: 'after-visit messages queued' },
    failed: 'after-visit run failed; retrying on the next one',
  });
}
