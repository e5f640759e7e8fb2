import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthRepository } from './repository';
import { hashToken, newSecretToken } from './tokens';
import { clock } from '../../clock';

export const SESSION_COOKIE = 'clinica_session';
/** Sliding expiry: a session lives 7 days from its last use, renewed at most once a day's use. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS - 24 * 60 * 60 * 1000;

function cookieOptions(request: FastifyRequest, expires: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    // A lifetime (Max-Age), not a date: the browser's clock may disagree with the server's.
    maxAge: Math.max(0, Math.floor((expires.getTime() - clock.nowMs()) / 1000)),
  };
}

export async function startSession(
  repo: AuthRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
): Promise<string> {
  const { token, id } = newSecretToken();
  const expiresAt = new Date(clock.nowMs() + SESSION_TTL_MS);
  await repo.createSession({ id, accountId, expiresAt, userAgent: request.headers['user-agent'] });
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, expiresAt));
  return id;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/**
 * Finds the session of the cookie with its account and profile; extends it when used (sliding);
 * expired ones are removed.
 */
export async function readSession(repo: AuthRepository, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const found = await repo.findSessionWithUser(id);
  if (!found) {
    clearSessionCookie(request, reply);
    return null;
  }
  const { session } = found;
  const now = clock.nowMs();
  if (session.expiresAt.getTime() <= now) {
    await repo.deleteSession(id);
    clearSessionCookie(request, reply);
    return null;
  }
  if (session.expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS) {
    const expiresAt = new Date(now + SESSION_TTL_MS);
    await repo.extendSession(id, expiresAt);
    reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, expiresAt));
  }
  return found;
}
