import type { FastifyInstance } from 'fastify';

/**
 * Writes due reminder e-mails to the outbox every `intervalMs` (the delivery worker sends them). Safe
 * with several instances: each appointment is claimed with FOR UPDATE SKIP LOCKED and marked in the
 * same transaction as its e-mail.
 */
export function startReminderJob(app: FastifyInstance, intervalMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const queued = await app.appointments.enqueueDueReminders();
      if (queued > 0) app.log.info({ queued }, 'reminders queued');
    } catch (error) {
      app.log.warn({ err: (error as Error).name }, 'reminder run failed; retrying on the next one');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
