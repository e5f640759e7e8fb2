import type { FastifyBaseLogger } from 'fastify';
import type { VerifactuSender } from './sender';

/**
 * Sends the VERI*FACTU records every `intervalMs` (JOB_INTERVAL_SECONDS; a minute by default, the AEAT's usual
 * TiempoEsperaEnvio): `sendDue` claims what is due and whose issuer's wait has passed. Without a certificate it
 * does not start: the records wait as «pendiente de envío».
 */
export function startVerifactuSender(
  deps: { verifactuSender: Pick<VerifactuSender, 'sendDue' | 'enabled'>; log: FastifyBaseLogger },
  intervalMs = 60_000,
): () => void {
  if (!deps.verifactuSender.enabled) {
    deps.log.info('VERI*FACTU: no certificate configured; records wait as pendientes de envío');
    return () => undefined;
  }
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await deps.verifactuSender.sendDue();
      if (result.submissions + result.retried > 0) deps.log.info(result, 'VERI*FACTU send run');
    } catch (error) {
      deps.log.warn({ err: (error as Error).name }, 'VERI*FACTU send run failed; retrying on the next one');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
