import type { HitBatchEntry } from './repository';

export interface HitStore {
  hitMany(batch: HitBatchEntry[], nowMs: number): Promise<Map<string, { hits: number; resetsAtMs: number }>>;
}

interface KeyState {
  /** The key's count in the shared store as this process last read it (its own flushed hits included). */
  shared: number;
  /** Hits this process admitted and has not written yet. */
  pending: number;
  /** When the key's window ends (the shared store's, ms). */
  resetsAtMs: number;
  windowMs: number;
}

export interface BatchedCounterOptions {
  /** How often the local counts are written, in one statement for every key (ms). */
  flushMs?: number;
  onError?: (error: Error) => void;
}

/** Default flush interval: the most another process's hits can lag behind in this one's count. */
export const RATE_LIMIT_FLUSH_MS = 200;

/**
 * Counts requests against the shared limits (`rate_limit_hits`) without a round trip per request. Each process
 * keeps, per key, the shared count it last read plus the hits it admitted since, and writes those hits for
 * every key in one statement every `flushMs`. A key goes to the shared store on every request — exactly as
 * before — when this process has not seen it in the current window (its first request, or after the window
 * ended) and once its count reaches half of its limit: where a limit is near, every process counts it exactly.
 *
 * The tolerance this buys: below half of a limit, a process does not see the hits other processes admitted in
 * their last `flushMs`; a key can therefore be admitted past its limit only by requests that other processes
 * admitted within one flush interval of it crossing half, and never by this process's own (its count includes
 * them). With one process the count it decides on is exact. A limit of one or two requests is always exact.
 */
export function createBatchedCounter(store: HitStore, options: BatchedCounterOptions = {}) {
  const flushMs = options.flushMs ?? RATE_LIMIT_FLUSH_MS;
  const keys = new Map<string, KeyState>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const learn = (key: string, windowMs: number, result: { hits: number; resetsAtMs: number } | undefined) => {
    if (!result) return;
    const state = keys.get(key);
    if (state && state.resetsAtMs === result.resetsAtMs) {
      // Answers of concurrent statements may arrive out of order: the count only grows within a window.
      state.shared = Math.max(state.shared, result.hits);
    } else {
      keys.set(key, { shared: result.hits, pending: state?.pending ?? 0, resetsAtMs: result.resetsAtMs, windowMs });
    }
  };

  /** Writes every pending hit in one statement; a failed write keeps them pending for the next one. */
  async function flushNow(nowMs: number) {
    const batch: HitBatchEntry[] = [];
    for (const [key, state] of keys) {
      if (state.resetsAtMs <= nowMs) {
        // The window ended: its unwritten hits belong to it and count for nothing now.
        keys.delete(key);
      } else if (state.pending > 0) {
        batch.push({ key, hits: state.pending, windowMs: state.windowMs });
        state.pending = 0;
      }
    }
    if (batch.length === 0) return;
    try {
      const results = await store.hitMany(batch, nowMs);
      for (const entry of batch) learn(entry.key, entry.windowMs, results.get(entry.key));
    } catch (error) {
      for (const entry of batch) {
        const state = keys.get(entry.key);
        if (state) state.pending += entry.hits;
      }
      options.onError?.(error as Error);
    }
  }

  function schedule(now: () => number) {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      flushing = flushing.then(() => flushNow(now()));
    }, flushMs);
    timer.unref();
  }

  return {
    /**
     * Counts one request against `key`; answers the requests counted in its window (this process's view,
     * see above) and the milliseconds the window has left. `now` is read again when the flush runs.
     */
    async hit(
      key: string,
      windowMs: number,
      max: number,
      now: () => number,
    ): Promise<{ current: number; ttl: number }> {
      const nowMs = now();
      const state = keys.get(key);
      const known = state && state.resetsAtMs > nowMs;
      if (known && (state.shared + state.pending + 1) * 2 <= max) {
        state.pending++;
        schedule(now);
        return { current: state.shared + state.pending, ttl: state.resetsAtMs - nowMs };
      }
      // Exact: this request, with what this process still holds for the key, in one statement.
      const carried = known ? state.pending : 0;
      if (state) state.pending = 0;
      let result: { hits: number; resetsAtMs: number };
      try {
        result = (await store.hitMany([{ key, hits: carried + 1, windowMs }], nowMs)).get(key)!;
      } catch (error) {
        if (carried > 0 && keys.get(key) === state) state!.pending += carried;
        throw error;
      }
      learn(key, windowMs, result);
      return { current: result.hits, ttl: Math.max(0, result.resetsAtMs - nowMs) };
    },

    /** Writes what is pending now (tests; and the server's close, so a stopped process loses no count). */
    async flush(now: number) {
      clearTimeout(timer);
      timer = undefined;
      flushing = flushing.then(() => flushNow(now));
      await flushing;
    },

    /** Keys held in memory (tests: ended windows are forgotten). */
    get size() {
      return keys.size;
    },
  };
}

export type BatchedCounter = ReturnType<typeof createBatchedCounter>;
