import { AppError, clock, plus, transact, writeAuditEntry, type AuditContext } from '../../platform';
import { createAccountWithProfile } from '../auth/accounts';
import { hashToken, newSecretToken } from '../auth/tokens';
import type { CoreDeps } from '../deps';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;

/** How long a set-up link printed at start works. */
export const SETUP_LINK_HOURS = 24;

/** The page the link opens, with its token. */
export const initialSetupLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/configuracion-inicial?token=${encodeURIComponent(token)}`;

/**
 * At each start: while no active admin exists, a new one-time link (its hash stored, valid 24 hours, replacing any
 * earlier one), answered to be printed; once one exists, no link, and any left over stops working.
 */
export function prepareInitialSetup(deps: Deps): Promise<string | null> {
  return transact(deps.db, async (tx) => {
    if (await deps.repos.initialSetup.hasActiveAdmin(tx)) {
      await deps.repos.initialSetup.clearTokens(tx);
      return null;
    }
    const { token, id } = newSecretToken();
    await deps.repos.initialSetup.replaceToken(id, plus(clock.now(), { hours: SETUP_LINK_HOURS }), tx);
    return token;
  });
}

/**
 * Whether the link may still create the first admin: a link never printed, used or expired is one refusal
 * (it says nothing of the accounts); only a good link learns that an admin was made meanwhile (`create-admin`).
 */
export async function checkInitialSetupLink(deps: Deps, token: string): Promise<void> {
  if (!(await deps.repos.initialSetup.isValid(hashToken(token)))) throw new AppError(400, 'SETUP_LINK_INVALID');
  if (await deps.repos.initialSetup.hasActiveAdmin()) throw new AppError(409, 'SETUP_DONE');
}

export interface FirstAdminInput {
  token: string;
  displayName: string;
  email: string;
  password: string;
}

/**
 * Creates the first admin through the link, as `npm run create-admin` does (the account and its profile), uses the
 * link up and audits it, all in one transaction: a refusal changes nothing. Answers the new account.
 */
export function createFirstAdmin(deps: Deps, input: FirstAdminInput, context: AuditContext) {
  return transact(deps.db, async (tx) => {
    const repo = deps.repos.initialSetup;
    if (!(await repo.consume(hashToken(input.token), tx))) throw new AppError(400, 'SETUP_LINK_INVALID');
    if (await repo.hasActiveAdmin(tx)) throw new AppError(409, 'SETUP_DONE');
    if (await deps.repos.auth.findAccountByEmail(input.email, tx)) throw new AppError(409, 'EMAIL_IN_USE');
    const created = await createAccountWithProfile(tx, deps.repos.auth, {
      email: input.email,
      password: input.password,
      displayName: input.displayName,
      role: 'admin',
    });
    await writeAuditEntry(tx, {
      ...context,
      actor: { id: created.account.id, role: 'admin' },
      action: 'create',
      entity: 'account',
      entityId: created.account.id,
      details: { role: 'admin', initialSetup: true },
    });
    return created;
  });
}
