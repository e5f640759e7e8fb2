import type { FastifyRequest } from 'fastify';
import { clock } from '../../platform';
import { AppError, TooManyRequestsError } from '../../platform';
import { secondsUntil, waitInSpanish, type Limits } from '../../platform';
import type { Db } from '../../platform';
import { transact } from '../../platform';
import { throttledGuess } from '../auth/attempts';
import type { SecondFactorRepository } from './repository';

/** The throttle's keys of an account (when known) and of the request's address. */
const keysOf = (accountId: string | null, ip: string) => ({
  account: accountId ? `2fa:${accountId}` : null,
  address: `2fa-ip:${ip}`,
});

/** The 429 of too many wrong codes: how long is left, in `Retry-After` and in the message. */
function codesLocked(until: Date): TooManyRequestsError {
  const seconds = secondsUntil(until.getTime(), clock.nowMs());
  return new TooManyRequestsError(
    'TOO_MANY_CODE_ATTEMPTS',
    seconds,
    `Demasiados códigos incorrectos. Espera ${waitInSpanish(seconds)} antes de volver a intentarlo.`,
  );
}

/**
 * Failed codes are throttled as passwords are, per account and per address; the counts and windows are the
 * operator's (`SECOND_FACTOR_LIMIT_ACCOUNT`, `SECOND_FACTOR_LIMIT_ADDRESS`, README).
 */
export function createCodeThrottle(
  db: Db,
  repo: SecondFactorRepository,
  limits: Pick<Limits, 'secondFactorPerAccount' | 'secondFactorPerAddress'>,
) {
  return {
    /** Refuses while the account or the address is blocked, telling how long (`Retry-After`). */
    async guard(accountId: string | null, request: FastifyRequest) {
      const keys = keysOf(accountId, request.ip);
      const until = await repo.blockedUntil(keys.account ? [keys.account, keys.address] : [keys.address]);
      if (until) throw codesLocked(until);
    },

    /**
     * Runs a check of a factor with its attempt reserved first on the account (when known) and the
     * address, so parallel guesses test no more than the limit; a refusal (400) keeps the attempt.
     */
    async checked<T>(accountId: string | null, request: FastifyRequest, check: () => Promise<T>): Promise<T> {
      const keys = keysOf(accountId, request.ip);
      return throttledGuess(db, repo, {
        keys: [
          ...(keys.account ? [{ key: keys.account, limit: limits.secondFactorPerAccount }] : []),
          { key: keys.address, limit: limits.secondFactorPerAddress },
        ],
        check,
        isFailure: (error) => error instanceof AppError && error.statusCode === 400,
        locked: codesLocked,
      });
    },

    /** A factor was proved: the account's count starts again. */
    async clear(accountId: string) {
      await transact(db, (tx) => repo.clearFailures(`2fa:${accountId}`, tx));
    },
  };
}
