import type { FastifyBaseLogger } from 'fastify';
import type { MessagesService } from './service';

/**
 * E-mails patients whose staff replies stayed unread 15 minutes (one e-mail per batch of replies).
 * Safe with several instances: replies are claimed with FOR UPDATE SKIP LOCKED and marked in the
 * transaction that writes the e-mail.
 */
export function startMessageEmailJob(
  deps: { messages: Pick<MessagesService, 'enqueueUnreadReplyEmails'>; log: FastifyBaseLogger },
  intervalMs = 60_000,
): () => void {
  const service = deps.messages;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const queued = await service.enqueueUnreadReplyEmails();
      if (queued > 0) deps.log.info({ queued }, 'unread message e-mails queued');
    } catch (error) {
      deps.log.warn({ err: (error as Error).name }, 'unread message e-mail run failed; retrying on the next one');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
