import { paths } from '../../../common/paths';
import { clock, durationMs, plus, readClinicSettings, transact } from '../../platform';
import type { CoreDeps } from '../deps';
import type { Services } from '../route-deps';
import type { ChangeOrigin } from '../second-factor/service';
import { createAccountWithProfile, type NewAccountInput } from './accounts';
import { passwordResetEmail } from './emails';
import { createPasswordThrottle } from './password-throttle';
import { hashPassword } from './passwords';
import type { AccountRow } from './repository';
import { hashToken, newSecretToken } from './tokens';

type Repos = Pick<CoreDeps, 'repos'>;

const RESET_TOKEN_TTL_MS = durationMs({ hours: 1 });

/** The sign-in form's password lockout (per e-mail and per address), over the accounts' attempt counts. */
export const passwordThrottleOf = (deps: Pick<CoreDeps, 'db' | 'repos' | 'config'>) =>
  createPasswordThrottle(deps.db, deps.repos.auth, deps.config.limits);

/** The account with this e-mail, if there is one. */
export const findAccountByEmail = (deps: Repos, email: string) => deps.repos.auth.findAccountByEmail(email);

/** The account with this id, if there is one. */
export const findAccountById = (deps: Repos, id: string) => deps.repos.auth.findAccountById(id);

/** The account's profile, if it has one. */
export const findProfile = (deps: Repos, id: string) => deps.repos.auth.findProfile(id);

/** A new account and its profile, in one transaction (SPEC §3). */
export const createAccount = (deps: Pick<CoreDeps, 'db' | 'repos'>, input: NewAccountInput) =>
  createAccountWithProfile(deps.db, deps.repos.auth, input);

/** Ends one session (signing out). */
export const endSession = (deps: Pick<CoreDeps, 'db' | 'repos'>, sessionId: string) =>
  transact(deps.db, (tx) => deps.repos.auth.deleteSession(sessionId, tx));

/** A reset link for the account: its token and its e-mail exist together or not at all; the outbox delivers it. */
export async function sendPasswordResetLink(
  deps: Pick<CoreDeps, 'db' | 'repos' | 'config' | 'outbox'>,
  account: Pick<AccountRow, 'id' | 'email' | 'displayName'>,
) {
  const { token, id } = newSecretToken();
  const settings = await readClinicSettings(deps);
  const link = `${deps.config.publicUrl}${paths.auth.newPassword}?token=${encodeURIComponent(token)}`;
  await transact(deps.db, async (tx) => {
    await deps.repos.auth.createPasswordToken(
      {
        id,
        accountId: account.id,
        purpose: 'reset',
        expiresAt: plus(clock.now(), { milliseconds: RESET_TOKEN_TTL_MS }),
      },
      tx,
    );
    await deps.outbox.enqueue(
      passwordResetEmail({
        to: account.email,
        displayName: account.displayName,
        clinicName: settings.name,
        link,
      }),
      { tx, kind: 'password-reset' },
    );
  });
}

/**
 * Uses a reset link's token to set a new password: every session of the account ends, and the owner is
 * told. Answers the account's id, or undefined when the link is not good.
 */
export async function resetPasswordWithToken(
  deps: Pick<CoreDeps, 'db' | 'repos'> & Pick<Services, 'secondFactor'>,
  token: string,
  password: string,
  origin: ChangeOrigin,
) {
  const repo = deps.repos.auth;
  const passwordHash = await hashPassword(password);
  return transact(deps.db, async (tx) => {
    const owner = await repo.consumePasswordToken(hashToken(token), tx);
    if (!owner) return undefined;
    await repo.updateAccount(owner, { passwordHash }, tx);
    // Every session of the account ends, passkey-made ones too: whoever had one is out.
    await repo.deleteSessionsOfAccount(owner, tx);
    const [account, profile] = [await repo.findAccountById(owner, tx), await repo.findProfile(owner, tx)];
    if (account && profile) {
      const subject = { email: account.email, displayName: profile.displayName, role: profile.role };
      await deps.secondFactor.notify(subject, { kind: 'password-reset' }, tx, origin);
    }
    return owner;
  });
}
