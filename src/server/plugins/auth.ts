import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clearSessionCookie, readSession } from '../modules/auth/sessions';
import type { AccountRow, ProfileRow, SessionRow } from '../modules/auth/repository';
import type { CoreDeps } from '../modules/deps';
import { transact } from '../db/transaction';

/** The session, account and profile the lookup already read, so `GET /api/auth/session` need not read them again. */
const signedInRows = new WeakMap<FastifyRequest, { session: SessionRow; account: AccountRow; profile: ProfileRow }>();
export const sessionRowsOf = (request: FastifyRequest) => signedInRows.get(request);

/**
 * Resolves the session cookie to `request.user` on every API request. A disabled account or a
 * missing profile counts as signed out, and its sessions end.
 */
export default fp(async function authPlugin(
  app: FastifyInstance,
  options: { deps: Pick<CoreDeps, 'db' | 'repos' | 'events'>; idleLock?: boolean },
) {
  const { deps } = options;
  const idleLock = options.idleLock ?? true;
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const repo = deps.repos.auth;
    const found = await readSession(deps, request, reply, { idleLock });
    if (!found) return;
    const { session, account, profile } = found;
    if (!account.active || !profile) {
      if (!account.active) await transact(deps.db, (tx) => repo.deleteSessionsOfAccount(account.id, tx));
      clearSessionCookie(request, reply);
      return;
    }
    request.user = {
      id: account.id,
      email: account.email,
      role: profile.role,
      displayName: profile.displayName,
      sessionId: session.id,
      provedAt: session.provedAt,
    };
    signedInRows.set(request, { session, account, profile });
  });
});
