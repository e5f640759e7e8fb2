import { clock } from '../../platform';
import type { Db } from '../../platform';
import { transact, type Tx } from '../../platform';
import type { Limit } from '../../platform';

/** A throttle's key (`email:…`, `ip:…`, `2fa:…`, `2fa-ip:…`) and its limit. */
export interface AttemptKey {
  key: string;
  limit: Limit;
}

/** What a throttled guess needs of a repository (the password's and the second factor's both have it). */
export interface AttemptsRepository {
  reserveAttempt(key: string, limit: Limit, tx: Tx): Promise<boolean>;
  refundAttempt(key: string, limit: Limit, tx: Tx): Promise<void>;
  blockedUntil(keys: string[]): Promise<Date | undefined>;
}

export interface ThrottledGuess<T> {
  keys: AttemptKey[];
  /** Checks the guess: answers when it is right, throws when not. */
  check: () => Promise<T>;
  /** Whether what `check` threw is a wrong guess (it keeps its attempt); anything else gives it back. */
  isFailure: (error: unknown) => boolean;
  /** The 429 of a key that is blocked, until when. */
  locked: (until: Date) => Error;
}

/**
 * Runs one guess under the throttle of its keys, reserving its attempt on every key before the guess is
 * checked (all or none, in one transaction), so that a burst of parallel guesses tests no more of them
 * than the limit; a wrong guess keeps its attempt, anything else gives it back. Keys are taken in the
 * order given — the account's before the address's everywhere — so two requests never wait on each other
 * in a circle.
 */
export async function throttledGuess<T>(db: Db, repo: AttemptsRepository, guess: ThrottledGuess<T>): Promise<T> {
  const { keys } = guess;
  const reserved = await transact(db, async (tx) => {
    for (const [index, { key, limit }] of keys.entries()) {
      if (await repo.reserveAttempt(key, limit, tx)) continue;
      for (const taken of keys.slice(0, index)) await repo.refundAttempt(taken.key, taken.limit, tx);
      return false;
    }
    return true;
  });
  if (!reserved) {
    // Blocked when reserved; unless a right guess has just given its attempt back: then a second is enough.
    throw guess.locked((await repo.blockedUntil(keys.map((k) => k.key))) ?? clock.now());
  }
  const refund = () =>
    transact(db, async (tx) => {
      for (const { key, limit } of keys) await repo.refundAttempt(key, limit, tx);
    });
  let result: T;
  try {
    result = await guess.check();
  } catch (error) {
    if (!guess.isFailure(error)) await refund();
    throw error;
  }
  await refund();
  return result;
}
