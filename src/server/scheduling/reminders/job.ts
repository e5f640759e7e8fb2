import type { FastifyBaseLogger } from 'fastify';
import type { AppointmentService } from '../appointments/service';
import { startPeriodicJob } from '../../platform';

/**
 * Writes due reminder e-mails to the outbox every `intervalMs` (the delivery worker sends them). Safe
 * with several instances: each appointment is claimed with FOR UPDATE SKIP LOCKED and marked in the
 * same transaction as its e-mail.
 */
export function startReminderJob(
  deps: { appointments: Pick<AppointmentService, 'enqueueDueReminders'>; log: FastifyBaseLogger },
  intervalMs = 60_000,
): () => void {
  return startPeriodicJob({
    log: deps.log,
    intervalMs,
    runAtStart: true,
    work: () => deps.appointments.enqueueDueReminders(),
    done: { key: 'queued', message: 'reminders queued' },
    failed: 'reminder run failed; retrying on the next one',
  });
}
