/**
 * Memory under load: the app process's RSS sampled every 250 ms, and on PostgreSQL the summed RSS of the
 * database's backends (`/proc/<pid>/status`, which counts the shared buffers each one touched: an upper bound).
 */
import fs from 'node:fs';
import pg from 'pg';
import { median } from './stats';

const MB = 1024 * 1024;

function rssOfPid(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb * 1024;
  } catch {
    return 0;
  }
}

export interface RssReport {
  appMedianMb: number;
  appMaxMb: number;
  backendsMaxMb?: number;
  backends?: number;
}

export function startRssSampler(postgres?: { serverUrl: string; databaseName: string }) {
  const app: number[] = [];
  const backends: { bytes: number; count: number }[] = [];
  const timer = setInterval(() => app.push(process.memoryUsage().rss), 250);
  let client: pg.Client | undefined;
  let backendTimer: NodeJS.Timeout | undefined;
  if (postgres) {
    client = new pg.Client({ connectionString: postgres.serverUrl });
    const sample = async () => {
      const { rows } = await client!.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
        postgres.databaseName,
      ]);
      backends.push({ bytes: rows.reduce((sum, row) => sum + rssOfPid(row.pid), 0), count: rows.length });
    };
    void client.connect().then(() => {
      backendTimer = setInterval(() => void sample().catch(() => undefined), 2000);
    });
  }
  return {
    async stop(): Promise<RssReport> {
      clearInterval(timer);
      if (backendTimer) clearInterval(backendTimer);
      await client?.end().catch(() => undefined);
      const top = backends.reduce((best, entry) => (entry.bytes > best.bytes ? entry : best), { bytes: 0, count: 0 });
      return {
        appMedianMb: median(app) / MB,
        appMaxMb: Math.max(...app) / MB,
        ...(postgres ? { backendsMaxMb: top.bytes / MB, backends: top.count } : {}),
      };
    },
  };
}
