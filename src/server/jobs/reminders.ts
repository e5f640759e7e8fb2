import type { FastifyBaseLogger } from 'fastify';
import type { AppointmentService } from '../modules/appointments/service';

/**
 * Writes due reminder e-mails to the outbox every `intervalMs` (the delivery worker sends them). Safe
 * with several instances: each appointment is claimed with FOR UPDATE SKIP LOCKED and marked in the
 * same transaction as its e-mail.
 */
export function startReminderJob(
  deps: { appointments: Pick<AppointmentService, 'enqueueDueReminders'>; log: FastifyBaseLogger },
  intervalMs = 60_000,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const queued = await deps.appointments.enqueueDueReminders();
      if (queued > 0) deps.log.info({ queued }, 'reminders queued');
    } catch (error) {
      deps.log.warn({ err: (error as Error).name }, 'reminder run failed; retrying on the next one');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
