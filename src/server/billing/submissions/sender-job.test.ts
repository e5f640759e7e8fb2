import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startVerifactuSender } from './sender-job';

const silent = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const zero = { submissions: 0, accepted: 0, acceptedWithErrors: 0, rejected: 0, retried: 0 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the VERI*FACTU sending job', () => {
  it('runs at once and then every interval (JOB_INTERVAL_SECONDS), until stopped', async () => {
    let runs = 0;
    const stop = startVerifactuSender(
      { verifactuSender: { enabled: true, sendDue: async () => (runs++, zero) }, log: silent },
      20,
    );
    await sleep(110);
    stop();
    const atStop = runs;
    expect(atStop).toBeGreaterThanOrEqual(3);
    await sleep(60);
    expect(runs).toBe(atStop);
  });

  it('does not start without a certificate: the records wait as pendientes de envío', async () => {
    let runs = 0;
    const stop = startVerifactuSender(
      { verifactuSender: { enabled: false, sendDue: async () => (runs++, zero) }, log: silent },
      20,
    );
    await sleep(80);
    stop();
    expect(runs).toBe(0);
  });
});
