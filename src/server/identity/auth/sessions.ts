import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CoreDeps } from '../deps';
import { hashToken, newSecretToken } from './tokens';
import { clock, durationMs, plus, toInstant } from '../../platform';
import { overHttps } from '../../platform';
import { LOCKS_WHEN_IDLE } from '../../../common/schemas/sessions';
import { markSessionEnded } from '../../access';
import { noticeSignInDevice } from '../sessions/new-device';
import { transact } from '../../platform';
import type { Role } from '../../../common/roles';
import type { SessionRow } from './repository';

export const SESSION_COOKIE = 'clinica_session';
/**
 * Over HTTPS the session cookie is `__Host-clinica_session`: the browser keeps a `__Host-` cookie only if it
 * is `Secure`, has `Path=/` and no `Domain`, so no other site under the domain and no plain-HTTP page can
 * set or replace it. Plain HTTP (local development) keeps the plain name, which the browser would refuse
 * with the prefix.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name in force for this request: the `__Host-` one over HTTPS, else the plain one. */
export function sessionCookieName(request: FastifyRequest): string {
  return overHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}
/** Sliding expiry: a session lives 7 days from its last use, renewed at most once a day's use. */
export const SESSION_TTL_MS = durationMs({ days: 7 });
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS - durationMs({ days: 1 });
/**
 * «Última actividad» of «Sesiones abiertas»: written at most once a minute per session, so a screen that
 * polls costs one UPDATE a minute, not one per request (docs/performance-history.md).
 */
export const SEEN_EVERY_MS = 60_000;

/** Path `/`, no `Domain` (what `__Host-` requires), HttpOnly, SameSite=Lax, Secure over HTTPS. */
function baseCookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: overHttps(request) };
}

function cookieOptions(request: FastifyRequest, expires: Date) {
  return {
    ...baseCookieOptions(request),
    // A lifetime (Max-Age), not a date: the browser's clock may disagree with the server's.
    maxAge: Math.max(0, Math.floor((expires.getTime() - clock.nowMs()) / 1000)),
  };
}

export async function startSession(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox'>,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
): Promise<string> {
  const { token, id } = newSecretToken();
  const at = clock.now();
  const expiresAt = plus(at, { milliseconds: SESSION_TTL_MS });
  const userAgent = request.headers['user-agent'];
  // The session and, from a device the account had not used, its «Nuevo inicio de sesión» e-mail: together.
  await transact(deps.db, async (tx) => {
    await deps.repos.auth.createSession({ id, accountId, expiresAt, at, userAgent, ip: request.ip }, tx);
    await noticeSignInDevice(deps, { accountId, userAgent, ip: request.ip, at }, tx);
  });
  reply.setCookie(sessionCookieName(request), token, cookieOptions(request, expiresAt));
  return id;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(request), baseCookieOptions(request));
}

/**
 * When a session ends by time if nothing renews it: its expiry, or for a staff role (with the idle lock on) the
 * clinic's idle time after the person's last input, whichever comes first (milliseconds since the epoch).
 */
export function sessionDeadline(
  session: Pick<SessionRow, 'expiresAt' | 'activeAt'>,
  role: Role | undefined,
  idle: { lock: boolean; minutes: number },
): number {
  const expiry = session.expiresAt.getTime();
  if (!idle.lock || !role || !LOCKS_WHEN_IDLE[role]) return expiry;
  return Math.min(expiry, session.activeAt.getTime() + idle.minutes * 60_000);
}

/**
 * A live stream's look at its session once its deadline has passed (a stream makes no requests, so nothing
 * else would end it): a session past its expiry or idle time is deleted — which announces its end to every
 * stream it holds, on every instance — and `null` is answered; one renewed meanwhile answers its new deadline.
 */
export async function endSessionIfLapsed(
  deps: Pick<CoreDeps, 'db' | 'repos'> & { idleLock?: boolean },
  sessionId: string,
): Promise<number | null> {
  const found = await deps.repos.auth.findSessionWithUser(sessionId);
  if (!found) return null;
  const minutes = await deps.repos.clinic.staffIdleMinutes();
  const deadline = sessionDeadline(found.session, found.profile?.role, { lock: deps.idleLock ?? true, minutes });
  if (deadline > clock.nowMs()) return deadline;
  await transact(deps.db, (tx) => deps.repos.auth.deleteSession(sessionId, tx));
  return null;
}

/**
 * Finds the session of the cookie with its account and profile; extends it when used (sliding);
 * expired ones are removed. A staff session idle for the clinic's time ends here, whatever the request
 * (its `active_at` moves only with the person's input, `POST /api/me/activity`), and the answer says so
 * in `x-session-ended: idle`. The last request's time and address are written at most once a minute.
 */
export async function readSession(
  deps: Pick<CoreDeps, 'db' | 'repos' | 'events'>,
  request: FastifyRequest,
  reply: FastifyReply,
  { idleLock = true }: { idleLock?: boolean } = {},
) {
  // A plain-named cookie left from before the site was served over HTTPS is never read there: it goes.
  if (overHttps(request) && request.cookies[SESSION_COOKIE] !== undefined) {
    reply.clearCookie(SESSION_COOKIE, baseCookieOptions(request));
  }
  const token = request.cookies[sessionCookieName(request)];
  if (!token || token.length > 100) return null;
  const repo = deps.repos.auth;
  const id = hashToken(token);
  const found = await repo.findSessionWithUser(id);
  if (!found) {
    clearSessionCookie(request, reply);
    return null;
  }
  const { session, profile } = found;
  const now = clock.nowMs();
  if (session.expiresAt.getTime() <= now) {
    await transact(deps.db, (tx) => repo.deleteSession(id, tx));
    clearSessionCookie(request, reply);
    return null;
  }
  if (idleLock && profile && LOCKS_WHEN_IDLE[profile.role]) {
    const idleMinutes = await deps.repos.clinic.staffIdleMinutes();
    if (now - session.activeAt.getTime() >= idleMinutes * 60_000) {
      await transact(deps.db, (tx) => repo.deleteSession(id, tx));
      clearSessionCookie(request, reply);
      markSessionEnded(request, reply, 'idle');
      // A live stream the desk left open ends too: the deletion announces it (migration 0036).
      return null;
    }
  }
  const renew = session.expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS;
  if (renew || now - session.lastSeenAt.getTime() >= SEEN_EVERY_MS) {
    const expiresAt = renew ? plus(now, { milliseconds: SESSION_TTL_MS }) : undefined;
    await transact(deps.db, (tx) => repo.touchSession(id, { at: toInstant(now), ip: request.ip, expiresAt }, tx));
    if (expiresAt) reply.setCookie(sessionCookieName(request), token, cookieOptions(request, expiresAt));
  }
  return found;
}
