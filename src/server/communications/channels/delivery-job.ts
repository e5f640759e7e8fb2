import { clock } from '../../platform';
import { OUTBOX_CHANNEL } from '../../platform';
import type { CoreDeps } from '../deps';

/**
 * The delivery worker of a server (e-mails, and SMS/WhatsApp messages of `modules/channels`): runs as soon as a message is written (NOTIFY on the outbox channel,
 * from any instance), when the LISTEN connection comes back, when the earliest pending message becomes
 * due (a retry, a held message), and at least every `maxIdleMs` in case a notification was missed.
 * Answers the function that stops it.
 */
export async function startMailDelivery(
  deps: Pick<CoreDeps, 'database' | 'repos' | 'outbox' | 'channels' | 'log'>,
  options: {
    maxIdleMs?: number;
    /** Called each time a run has ended and the next one is scheduled: tests wait on it, not on a sleep. */
    onIdle?: () => void;
  } = {},
): Promise<() => Promise<void>> {
  const maxIdleMs = options.maxIdleMs ?? 30_000;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const scheduleNext = async () => {
    const dues = await Promise.all([
      deps.repos.outbox.nextDueAt().catch(() => null),
      deps.repos.channelOutbox.nextDueAt().catch(() => null),
    ]);
    const next = dues.reduce<Date | null>((soonest, at) => (at && (!soonest || at < soonest) ? at : soonest), null);
    if (stopped) return;
    const wait = next ? Math.min(Math.max(next.getTime() - clock.nowMs(), 1_000), maxIdleMs) : maxIdleMs;
    clearTimeout(timer);
    timer = setTimeout(kick, wait);
    timer.unref();
  };

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
          // Phone messages first: one failed for good writes its fallback e-mail, which the mail run then sends.
          const messages = await deps.channels.deliverDue();
          if (messages.sent + messages.retried + messages.failed > 0) deps.log.info(messages, 'message delivery run');
          const result = await deps.outbox.deliverDue();
          if (result.sent + result.retried + result.failed > 0) deps.log.info(result, 'outbox delivery run');
        } catch (error) {
          deps.log.warn({ err: (error as Error).name }, 'outbox delivery run failed; trying again later');
        }
      } while (again && !stopped);
      await scheduleNext();
    })().finally(() => {
      running = undefined;
      options.onIdle?.();
    });
  }

  // After the LISTEN connection is re-established, notifications sent meanwhile are lost: look for work.
  const unlisten = await deps.database.listen(OUTBOX_CHANNEL, kick, kick);
  kick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await unlisten();
    await running;
  };
}
