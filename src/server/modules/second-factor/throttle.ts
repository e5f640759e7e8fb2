import type { FastifyRequest } from 'fastify';
import { clock } from '../../clock';
import { AppError, TooManyRequestsError } from '../../errors';
import { secondsUntil, waitInSpanish, type Limits } from '../../limits';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import type { SecondFactorRepository } from './repository';

/** The throttle's keys of an account (when known) and of the request's address. */
const keysOf = (accountId: string | null, ip: string) => ({
  account: accountId ? `2fa:${accountId}` : null,
  address: `2fa-ip:${ip}`,
});

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
      if (!until) return;
      const seconds = secondsUntil(until.getTime(), clock.nowMs());
      throw new TooManyRequestsError(
        'TOO_MANY_CODE_ATTEMPTS',
        seconds,
        `Demasiados códigos incorrectos. Espera ${waitInSpanish(seconds)} antes de volver a intentarlo.`,
      );
    },

    /** Runs a check of a factor; a refusal (400) counts against the account (when known) and the address. */
    async checked<T>(accountId: string | null, request: FastifyRequest, check: () => Promise<T>): Promise<T> {
      try {
        return await check();
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) {
          const keys = keysOf(accountId, request.ip);
          await transact(db, async (tx) => {
            if (keys.account) {
              const { max, timeWindow } = limits.secondFactorPerAccount;
              await repo.recordFailure(keys.account, max, timeWindow, tx);
            }
            const { max, timeWindow } = limits.secondFactorPerAddress;
            await repo.recordFailure(keys.address, max, timeWindow, tx);
          });
        }
        throw error;
      }
    },

    /** A factor was proved: the account's count starts again. */
    async clear(accountId: string) {
      await transact(db, (tx) => repo.clearFailures(`2fa:${accountId}`, tx));
    },
  };
}
