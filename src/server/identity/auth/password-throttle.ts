import type { FastifyRequest } from 'fastify';
import { clock } from '../../platform';
import type { Db } from '../../platform';
import { transact } from '../../platform';
import { AppError, TooManyRequestsError } from '../../platform';
import { secondsUntil, waitInSpanish, type Limits } from '../../platform';
import { throttledGuess } from './attempts';
import type { AuthRepository } from './repository';

/** The sign-in lockout's 429: how long is left, in `Retry-After` and in the message. */
export function signInLocked(until: Date): TooManyRequestsError {
  const seconds = secondsUntil(until.getTime(), clock.nowMs());
  return new TooManyRequestsError(
    'TOO_MANY_ATTEMPTS',
    seconds,
    `Demasiados intentos fallidos. Espera ${waitInSpanish(seconds)} antes de volver a intentarlo o restablece tu contraseña.`,
  );
}

/** What a wrong guess of the password step is: an unknown e-mail or a wrong password. */
const isWrongPassword = (error: unknown) =>
  error instanceof AppError && (error.code === 'USER_NOT_FOUND' || error.code === 'WRONG_PASSWORD');

/**
 * Wrong passwords are throttled per e-mail and per address (`SIGN_IN_LIMIT_ACCOUNT`, `SIGN_IN_LIMIT_ADDRESS`,
 * README): reaching either limit locks sign-in for a window.
 */
export function createPasswordThrottle(
  db: Db,
  repo: AuthRepository,
  limits: Pick<Limits, 'signInPerAccount' | 'signInPerAddress'>,
) {
  return {
    /**
     * Runs the password check of `email` with its attempt reserved first on the e-mail and the address,
     * so parallel guesses test no more than the limit; an unknown e-mail or a wrong password keeps it.
     */
    async checked<T>(email: string, request: FastifyRequest, check: () => Promise<T>): Promise<T> {
      return throttledGuess(db, repo, {
        keys: [
          { key: `email:${email.toLowerCase()}`, limit: limits.signInPerAccount },
          { key: `ip:${request.ip}`, limit: limits.signInPerAddress },
        ],
        check,
        isFailure: isWrongPassword,
        locked: signInLocked,
      });
    },

    /** The password was right: the e-mail's count starts again (the address's does not). */
    async clear(email: string) {
      await transact(db, (tx) => repo.clearFailures(`email:${email.toLowerCase()}`, tx));
    },
  };
}
