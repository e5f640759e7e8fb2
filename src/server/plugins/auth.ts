import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { clearSessionCookie, readSession } from '../modules/auth/sessions';
import type { AccountRow, ProfileRow } from '../modules/auth/repository';
import type { RequestUser } from '../types';

/** The account and profile the session lookup already read, so `GET /api/auth/session` need not read them again. */
const signedInRows = new WeakMap<FastifyRequest, { account: AccountRow; profile: ProfileRow }>();
export const sessionRowsOf = (request: FastifyRequest) => signedInRows.get(request);

/**
 * Resolves the session cookie to `request.user` on every API request. A disabled account or a
 * missing profile counts as signed out, and its sessions end.
 */
export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const repo = app.repos.auth;
    const found = await readSession(repo, request, reply);
    if (!found) return;
    const { session, account, profile } = found;
    if (!account.active || !profile) {
      if (!account.active) await repo.deleteSessionsOfAccount(account.id);
      clearSessionCookie(request, reply);
      return;
    }
    request.user = {
      id: account.id,
      email: account.email,
      role: profile.role,
      displayName: profile.displayName,
      sessionId: session.id,
    };
    signedInRows.set(request, { account, profile });
  });
});

/**
 * The signed-in user, or a 401 with the catalogue text. Who may call a route is decided by its
 * declared access (`access/plugin.ts`); this only hands a handler the user that check let through.
 */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(401, 'NOT_AUTHENTICATED');
  return request.user;
}
