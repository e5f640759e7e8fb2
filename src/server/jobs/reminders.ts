import type { FastifyInstance } from 'fastify';

/**
 * Sends due reminder e-mails every `intervalMs`. Safe with several instances: each appointment is
 * claimed with FOR UPDATE SKIP LOCKED and marked sent in the same transaction.
 */
export function startReminderJob(app: FastifyInstance, intervalMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await app.appointments.sendDueReminders();
      if (sent > 0) app.log.info({ sent }, 'reminders sent');
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
