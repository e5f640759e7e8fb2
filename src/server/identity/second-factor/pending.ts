import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecondFactorChallenge, SecondFactorMethod } from '../../../common/schemas/second-factor';
import { clock, plus } from '../../platform';
import { transact } from '../../platform';
import { AppError } from '../../platform';
import { hashToken, newSecretToken } from '../auth/tokens';
import type { PendingSignInRow } from './repository';
import type { FactorRemovals } from '../../platform';
import type { CoreDeps } from '../deps';

/** The cookie of a sign-in past its password: HttpOnly, sent only to the second step's routes. */
export const PENDING_COOKIE = 'clinica_2fa';
const COOKIE_PATH = '/api/auth/second-factor';
/** Minutes to type a code or touch a key after the password; to set a factor up (install an app, scan). */
export const PENDING_TTL_MS = { verify: 5 * 60_000, setup: 15 * 60_000 } as const;

function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  };
}

/**
 * Starts the second step of a sign-in: a short-lived, single-use record bound to the account (only the
 * hash of its token is stored) and the cookie that carries the token. The account's earlier ones end.
 */
export async function startPendingSignIn(
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  purpose: 'verify' | 'setup',
  methods: SecondFactorMethod[],
  removals: FactorRemovals | null = null,
): Promise<SecondFactorChallenge> {
  const { token, id } = newSecretToken();
  const expiresAt = plus(clock.now(), { milliseconds: PENDING_TTL_MS[purpose] });
  await transact(deps.db, (tx) =>
    deps.repos.secondFactor.createPendingSignIn({ id, accountId, purpose, expiresAt, removals }, tx),
  );
  reply.setCookie(PENDING_COOKIE, token, cookieOptions(request, PENDING_TTL_MS[purpose] / 1000));
  return { mode: purpose, methods, expiresAt: expiresAt.toISOString() };
}

/** The pending sign-in of the cookie, of that purpose and not expired; otherwise the password is asked again. */
export async function pendingSignInOf(
  deps: Pick<CoreDeps, 'repos'>,
  request: FastifyRequest,
  purpose: 'verify' | 'setup',
): Promise<PendingSignInRow> {
  const token = request.cookies[PENDING_COOKIE];
  const row =
    token && token.length <= 100 ? await deps.repos.secondFactor.findPendingSignIn(hashToken(token)) : undefined;
  if (!row || row.purpose !== purpose) throw new AppError(400, 'SECOND_FACTOR_EXPIRED');
  return row;
}

export function clearPendingCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(PENDING_COOKIE, { ...cookieOptions(request, 0), maxAge: undefined });
}
