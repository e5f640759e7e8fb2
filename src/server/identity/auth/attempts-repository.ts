import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform';
import { clock, toInstant, plus, minus } from '../../platform';
import type { Limit } from '../../platform';

/**
 * The atomic half of the sign-in throttle (`sign_in_throttle`): a guess — a password, a code, a passkey's
 * assertion — takes its place in the count before it is checked, so parallel requests cannot all read
 * «not blocked» and then each test a guess (issue 33). The password's and the second factor's
 * repositories both answer these.
 */

/**
 * Takes one attempt of `key` in a window of `limit.timeWindow` from its first attempt (on the server's
 * clock): true if it was free, false while the key is blocked or its window is full. The attempt that
 * fills the window blocks the key for a window, as a failure counted after the fact did; a right guess
 * gives its attempt back (`refundAttempt`). One statement: the row's lock orders concurrent requests.
 */
export async function reserveAttempt(key: string, limit: Limit, tx: Tx): Promise<boolean> {
  const nowMs = clock.nowMs();
  const now = sql`${toInstant(nowMs).toISOString()}::timestamptz`;
  const windowStart = sql`${minus(nowMs, { milliseconds: limit.timeWindow }).toISOString()}::timestamptz`;
  const blockUntil = sql`${plus(nowMs, { milliseconds: limit.timeWindow }).toISOString()}::timestamptz`;
  const max = sql`${limit.max}::int`;
  // A window ends with its time, or with the lock it led to (a lock is as long as a window, from the last attempt).
  const ended = sql`(t.window_start < ${windowStart} OR coalesce(t.blocked_until <= ${now}, false))`;
  const result = await tx.execute(sql`
    INSERT INTO sign_in_throttle AS t (key, failures, window_start, blocked_until)
    VALUES (${key}, 1, ${now}, CASE WHEN 1 >= ${max} THEN ${blockUntil} END)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${ended} THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN ${ended} THEN ${now} ELSE t.window_start END,
      blocked_until = CASE WHEN (CASE WHEN ${ended} THEN 1 ELSE t.failures + 1 END) >= ${max} THEN ${blockUntil}
                           ELSE t.blocked_until END
    WHERE (t.blocked_until IS NULL OR t.blocked_until <= ${now}) AND (${ended} OR t.failures < ${max})
    RETURNING t.key`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Gives back an attempt taken by `reserveAttempt` that turned out not to be a failure (a right guess, or
 * a refusal of another kind): the count goes down, and the block the attempt set goes with it.
 */
export async function refundAttempt(key: string, limit: Limit, tx: Tx): Promise<void> {
  await tx.execute(sql`
    UPDATE sign_in_throttle SET
      failures = failures - 1,
      blocked_until = CASE WHEN failures - 1 < ${limit.max}::int THEN NULL ELSE blocked_until END
    WHERE key = ${key} AND failures > 0`);
  // No attempt left: no row, as before the attempt (a refused request leaves the table as it found it).
  await tx.execute(sql`DELETE FROM sign_in_throttle WHERE key = ${key} AND failures = 0 AND blocked_until IS NULL`);
}
