/** A small closed-loop load generator: `connections` workers send requests back to back for `seconds`. */
import http from 'node:http';
export interface LoadResult {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runLoad(options: {
  connections: number;
  seconds: number;
  request: (worker: number, i: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        const ok = await options.request(worker, i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsed,
  };
}

/**
 * GET over `node:http` keep-alive: it costs the generator far less CPU per request than `fetch`, and the
 * generator shares the machine's cores with the app and the database. Resolves true on a 2xx.
 */
export function keepAliveGetter(base: string, headers: Record<string, string> = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const { hostname, port } = new URL(base);
  return (pathAndQuery: string) =>
    new Promise<boolean>((resolve, reject) => {
      const request = http.get({ hostname, port, path: pathAndQuery, agent, headers }, (response) => {
        response.resume();
        response.once('end', () => resolve((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300));
      });
      request.once('error', reject);
    });
}

/** The bytes of one answer's body as it crosses the wire: without compression, and with brotli when asked for it. */
export async function bodyBytes(base: string, pathAndQuery: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(base);
  const size = (extra: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(
        { hostname, port, path: pathAndQuery, headers: { ...headers, ...extra } },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.once('end', () => resolve(bytes));
        },
      );
      request.once('error', reject);
    });
  return { plain: await size({}), brotli: await size({ 'accept-encoding': 'br' }) };
}
