import { audited, notFound, transact, type AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;

export const USER_NOT_FOUND = 'Usuario no encontrado';

/** Moves the idle lock's clock of a session to the person's input; answers its `active_at` now. */
export const markSessionActive = (deps: Deps, sessionId: string, input: Date) =>
  transact(deps.db, (tx) => deps.repos.sessions.markActive(sessionId, input, tx));

/** Ends every session of a user, wherever it is (404 for no such user), audited; answers how many. */
export const endSessionsOfUser = (deps: Deps, accountId: string, entry: (count: number) => AuditEntry) =>
  audited(
    deps.db,
    async (tx) => {
      if (!(await deps.repos.users.findById(accountId, tx))) throw notFound(USER_NOT_FOUND);
      // The same end as disabling the account: every session, wherever it is.
      return deps.repos.auth.deleteSessionsOfAccount(accountId, tx);
    },
    entry,
  );
