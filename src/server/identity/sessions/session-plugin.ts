import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clearSessionCookie, readSession } from '../auth/sessions';
import { markSessionEnded } from '../../access';
import { startPendingSignIn } from '../second-factor/pending';
import type { AccountRow, ProfileRow, SessionRow } from '../auth/repository';
import type { CoreDeps } from '../deps';
import type { SecondFactorService } from '../second-factor/service';
import { transact } from '../../platform';

/** The session, account and profile the lookup already read, so `GET /api/auth/session` need not read them again. */
const signedInRows = new WeakMap<FastifyRequest, { session: SessionRow; account: AccountRow; profile: ProfileRow }>();
export const sessionRowsOf = (request: FastifyRequest) => signedInRows.get(request);

/**
 * Resolves the session cookie to `request.user` on every API request. A disabled account or a
 * missing profile counts as signed out, and its sessions end.
 */
export default fp(async function authPlugin(
  app: FastifyInstance,
  options: {
    deps: Pick<CoreDeps, 'db' | 'repos' | 'events'> & {
      secondFactor: Pick<SecondFactorService, 'isRequired' | 'methodsOf'>;
    };
    idleLock?: boolean;
  },
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
    // The clinic requires a second factor of this role now, and the account has none (the requirement was
    // turned on while it was signed in, or an admin reset its factor): the session ends here, and this answer
    // starts the set-up step a sign-in would (its cookie; the client goes to the set-up screen).
    if (
      (await deps.secondFactor.isRequired(profile.role)) &&
      (await deps.secondFactor.methodsOf(account.id)).length === 0
    ) {
      const ended = await transact(deps.db, (tx) => repo.deleteSession(session.id, tx));
      clearSessionCookie(request, reply);
      // Of a screen's requests at once, only the one that ended the session starts the step (a second would
      // replace it, and the browser might keep the cookie of the first).
      if (ended) await startPendingSignIn(deps, request, reply, account.id, 'setup', ['passkey', 'totp']);
      markSessionEnded(request, reply, 'second-factor');
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
