import { clock } from '../clock';
import { OUTBOX_CHANNEL } from '../modules/outbox/repository';
import type { CoreDeps } from '../modules/deps';

/**
 * The delivery worker of a server: runs as soon as a message is written (NOTIFY on the outbox channel,
 * from any instance), when the LISTEN connection comes back, when the earliest pending message becomes
 * due (a retry, a held message), and at least every `maxIdleMs` in case a notification was missed.
 * Answers the function that stops it.
 */
export async function startMailDelivery(
  deps: Pick<CoreDeps, 'database' | 'repos' | 'outbox' | 'log'>,
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
    const next = await deps.repos.outbox.nextDueAt().catch(() => null);
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
