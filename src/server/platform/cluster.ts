import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Config } from './config';
import { realNowMs } from './dates';

/**
 * How many processes serve the port: `WEB_CONCURRENCY`, or one per core the machine offers. On the
 * embedded database always one: PGlite lives inside the process that opened it (one connection, a lock on
 * its directory), so a second process could not reach the data. `note` says so when more were asked for.
 */
export function processCount(
  config: Pick<Config, 'databaseUrl' | 'webConcurrency'>,
  cores = os.availableParallelism(),
): { count: number; note?: string } {
  if (!config.databaseUrl) {
    return {
      count: 1,
      note:
        config.webConcurrency && config.webConcurrency > 1
          ? `WEB_CONCURRENCY=${config.webConcurrency} no se aplica: la base de datos integrada (PGlite) tiene una sola ` +
            'conexión dentro de un proceso; Clínica atiende con 1 proceso. Con DATABASE_URL (PostgreSQL) usa varios.'
          : undefined,
    };
  }
  return { count: config.webConcurrency ?? Math.max(1, cores) };
}

export interface PrimaryOptions {
  count: number;
  /** Printed once every worker listens. */
  ready: () => void;
  log: (message: string) => void;
  /** A worker that dies this soon after its start is restarted after a growing pause (a crash loop). */
  quickDeathMs?: number;
}

/**
 * The primary of `WEB_CONCURRENCY` > 1: forks the workers (each a whole server; they share the port, the
 * primary hands them connections in turn), starts a new one when one dies, and on SIGTERM or SIGINT asks each
 * to stop (they finish what they serve: `main.ts`) and leaves when all have. It serves nothing itself.
 */
export function runPrimary(options: PrimaryOptions): Promise<void> {
  const quickDeathMs = options.quickDeathMs ?? 10_000;
  let closing = false;
  let quickDeaths = 0;
  let announced = false;
  const started = new Map<Worker, number>();
  const listening = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, realNowMs());
    worker.once('listening', () => {
      listening.add(worker);
      if (!announced && listening.size === options.count) {
        announced = true;
        options.ready();
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = realNowMs() - (started.get(worker) ?? 0);
    started.delete(worker);
    listening.delete(worker);
    if (closing) return;
    quickDeaths = lived < quickDeathMs ? quickDeaths + 1 : 0;
    const pause = quickDeaths === 0 ? 0 : Math.min(30_000, 500 * 2 ** (quickDeaths - 1));
    options.log(
      `El proceso ${worker.process.pid} terminó (${signal ?? `código ${code}`}); se arranca otro` +
        (pause ? ` dentro de ${pause / 1000} s.` : '.'),
    );
    setTimeout(fork, pause).unref();
  });

  for (let i = 0; i < options.count; i++) fork();

  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (closing) return;
      closing = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
      if (workers.length === 0) return resolve();
      // Each worker closes its server and database (main.ts) and is killed if it has not within 15 s.
      const force = setTimeout(() => workers.forEach((worker) => worker.process.kill('SIGKILL')), 15_000);
      force.unref();
      let left = workers.length;
      for (const worker of workers) {
        worker.once('exit', () => {
          if (--left === 0) {
            clearTimeout(force);
            resolve();
          }
        });
        worker.process.kill(signal);
      }
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGTERM'));
  });
}
