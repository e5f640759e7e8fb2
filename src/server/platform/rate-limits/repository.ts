import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import { asDate, preparedStatement } from '../db/prepared';
import { rateLimitHits } from '../db/schema';
import { toInstant, plus } from '../dates';

const placeholder = sql.placeholder;

/**
 * One request counted against `key`: a fixed window that starts with the first request and ends at
 * `resets_at`; the first request after it starts a new one. One statement, so concurrent requests on
 * any instance count exactly (the row lock orders them). The count stops growing at a billion so a
 * flood can never overflow it.
 */
const hitStatement = preparedStatement<{ hits: number; resets_at: Date | string }>(
  'rate_limit_hit',
  sql`
    INSERT INTO ${rateLimitHits} AS h (key, hits, resets_at)
    VALUES (${placeholder('key')}, 1, ${placeholder('resetsAt')}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN h.resets_at <= ${placeholder('now')}::timestamptz THEN 1 ELSE LEAST(h.hits + 1, 1000000000) END,
      resets_at = CASE WHEN h.resets_at <= ${placeholder('now')}::timestamptz THEN EXCLUDED.resets_at ELSE h.resets_at END
    RETURNING hits, resets_at
  `,
);

/**
 * Several keys counted at once (`hits` each; a process's local counts flushed in a batch, `batched-counter.ts`),
 * with the same window rule as `rate_limit_hit`. Keys are sorted so that two instances flushing overlapping
 * batches lock the rows in the same order (no deadlock).
 */
const hitManyStatement = preparedStatement<{ key: string; hits: number; resets_at: Date | string }>(
  'rate_limit_hit_many',
  sql`
    INSERT INTO ${rateLimitHits} AS h (key, hits, resets_at)
    SELECT b.key, b.hits, ${placeholder('now')}::timestamptz + b.window_ms * interval '1 millisecond'
      FROM jsonb_to_recordset(${placeholder('batch')}::jsonb) AS b(key text, hits integer, window_ms bigint)
     ORDER BY b.key
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN h.resets_at <= ${placeholder('now')}::timestamptz THEN EXCLUDED.hits
                  ELSE LEAST(h.hits + EXCLUDED.hits, 1000000000) END,
      resets_at = CASE WHEN h.resets_at <= ${placeholder('now')}::timestamptz THEN EXCLUDED.resets_at ELSE h.resets_at END
    RETURNING key, hits, resets_at
  `,
);

export interface HitBatchEntry {
  key: string;
  hits: number;
  windowMs: number;
}

export function createRateLimitsRepository(db: Db) {
  return {
    /** Counts one request; answers the requests in the current window and the milliseconds it has left. */
    async hit(key: string, windowMs: number, nowMs: number): Promise<{ current: number; ttl: number }> {
      const [row] = await hitStatement(db, {
        key,
        now: toInstant(nowMs).toISOString(),
        resetsAt: plus(nowMs, { milliseconds: windowMs }).toISOString(),
      });
      return { current: Number(row!.hits), ttl: Math.max(0, asDate(row!.resets_at).getTime() - nowMs) };
    },

    /** Counts `hits` requests for each key; answers each key's requests in its window and when it ends (ms). */
    async hitMany(batch: HitBatchEntry[], nowMs: number): Promise<Map<string, { hits: number; resetsAtMs: number }>> {
      const rows = await hitManyStatement(db, {
        now: toInstant(nowMs).toISOString(),
        batch: JSON.stringify(batch.map((entry) => ({ key: entry.key, hits: entry.hits, window_ms: entry.windowMs }))),
      });
      return new Map(
        rows.map((row) => [row.key, { hits: Number(row.hits), resetsAtMs: asDate(row.resets_at).getTime() }]),
      );
    },

    /** Forgets the windows that have ended (a request after one starts afresh anyway). */
    async deleteExpired(now: Date, tx: Tx): Promise<number> {
      const deleted = await tx
        .delete(rateLimitHits)
        .where(lte(rateLimitHits.resetsAt, now))
        .returning({ key: rateLimitHits.key });
      return deleted.length;
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
