import { AppError, audited, notFound, transact, type AuditEntry, type Tx } from '../../platform';
import type { CoreDeps } from '../deps';
import type { Services } from '../route-deps';
import type { SecondFactorRepository } from './repository';
import type { ChangeOrigin, Subject } from './service';
import { createCodeThrottle } from './throttle';

type Repos = Pick<CoreDeps, 'repos'>;
type Deps = Pick<CoreDeps, 'db' | 'repos'>;

export const PASSKEY_GONE = 'Esa llave de acceso ya no está en tu cuenta.';

/** The second step's lockout (per account and per address), over its failure counts. */
export const codeThrottleOf = (deps: Pick<CoreDeps, 'db' | 'repos' | 'config'>) =>
  createCodeThrottle(deps.db, deps.repos.secondFactor, deps.config.limits);

// What one's own profile shows and changes.

/** The account's app, passkeys and unused recovery codes, and whether the clinic requires a factor of its role. */
export const ownSecondFactor = (deps: Repos & Pick<Services, 'secondFactor'>, subject: Pick<Subject, 'id' | 'role'>) =>
  Promise.all([
    deps.repos.secondFactor.findTotp(subject.id),
    deps.repos.secondFactor.listPasskeys(subject.id),
    deps.repos.secondFactor.countUnusedRecoveryCodes(subject.id),
    deps.secondFactor.isRequired(subject.role),
  ]);

/** Renames one of the account's passkeys, audited (404 when it is not hers); answers it. */
export const renamePasskey = (deps: Deps, accountId: string, passkeyId: string, name: string, entry: AuditEntry) =>
  audited(
    deps.db,
    async (tx) => {
      const row = await deps.repos.secondFactor.renamePasskey(accountId, passkeyId, name, tx);
      if (!row) throw new AppError(404, 'NOT_FOUND', PASSKEY_GONE);
      return row;
    },
    entry,
  );

/** The account's passkeys. */
export const passkeysOf = (deps: Repos, accountId: string) => deps.repos.secondFactor.listPasskeys(accountId);

// An admin's view and reset of a user's second factor.

/** The user's profile, or 404 with `message`. */
export async function requireProfile(deps: Repos, id: string, message: string) {
  const profile = await deps.repos.auth.findProfile(id);
  if (!profile) throw notFound(message);
  return profile;
}

/** What a user has set up: her app, how many passkeys, how many recovery codes. */
export const secondFactorSummary = (deps: Repos, accountId: string) => deps.repos.secondFactor.summary(accountId);

/**
 * Removes a user's app, passkeys and recovery codes (and a sign-in half done), audited; she is told when she had
 * a factor (`before`, her summary before the reset).
 */
export const resetSecondFactor = (
  deps: Deps & Pick<Services, 'secondFactor'>,
  profile: Pick<Subject, 'id' | 'email' | 'displayName' | 'role'>,
  before: Awaited<ReturnType<SecondFactorRepository['summary']>>,
  origin: ChangeOrigin,
  entry: AuditEntry,
) => {
  const write = async (tx: Tx) => {
    await deps.repos.secondFactor.deleteAll(profile.id, tx);
    if (before.totp || before.passkeys > 0) await deps.secondFactor.notify(profile, { kind: 'reset' }, tx, origin);
  };
  return audited(deps.db, write, entry);
};

// A reset link's review of the factors.

/**
 * The app and passkeys of the account a reset link's token (its hash) belongs to; undefined when the link is not
 * good. The token is not used up here.
 */
export async function factorsOfResetLink(deps: Repos, tokenId: string) {
  const accountId = await deps.repos.auth.findPasswordTokenAccount(tokenId);
  if (!accountId) return undefined;
  const [totp, keys] = await Promise.all([
    deps.repos.secondFactor.findTotp(accountId),
    deps.repos.secondFactor.listPasskeys(accountId),
  ]);
  return { totp, keys };
}

// The second step of a sign-in.

/** Ends the pending sign-in; false when it was already gone (a second use). */
export const consumePendingSignIn = (deps: Deps, id: string) =>
  transact(deps.db, (tx) => deps.repos.secondFactor.consumePendingSignIn(id, tx));

/** Keeps the passkey challenge a pending sign-in is to answer. */
export const setPendingChallenge = (deps: Deps, id: string, challenge: string) =>
  transact(deps.db, (tx) => deps.repos.secondFactor.setPendingChallenge(id, challenge, tx));

// A sign-in with a passkey alone.

/** Keeps a passwordless sign-in's challenge on the server, under its token's hash. */
export const startPasskeySignIn = (deps: Deps, input: { id: string; challenge: string; expiresAt: Date }) =>
  transact(deps.db, (tx) => deps.repos.secondFactor.createPasskeySignIn(input, tx));

/** The challenge kept under this token's hash, while it is good. */
export const findPasskeySignIn = (deps: Repos, id: string) => deps.repos.secondFactor.findPasskeySignIn(id);

/** Uses up a passwordless sign-in's challenge; false when it was already used. */
export const consumePasskeySignIn = (deps: Deps, id: string) =>
  transact(deps.db, (tx) => deps.repos.secondFactor.consumePasskeySignIn(id, tx));

// A step-up of the session.

/** Keeps the step-up's passkey challenge: one WebAuthn ceremony at a time per account. */
export const savePasskeyChallenge = (deps: Deps, accountId: string, challenge: string, expiresAt: Date) =>
  transact(deps.db, (tx) => deps.repos.secondFactor.savePasskeyChallenge(accountId, challenge, expiresAt, tx));

/** The step-up's passkey challenge of the account, while it is good. */
export const findPasskeyChallenge = (deps: Repos, accountId: string) =>
  deps.repos.secondFactor.findPasskeyChallenge(accountId);

/** Uses up the step-up's passkey challenge; false when it was not the account's current one. */
export const consumePasskeyChallenge = (deps: Deps, accountId: string, challenge: string) =>
  transact(deps.db, (tx) => deps.repos.secondFactor.consumePasskeyChallenge(accountId, challenge, tx));

/** Marks the session as proved by its owner at `at`, audited. */
export const markSessionProved = (deps: Deps, sessionId: string, at: Date, entry: AuditEntry) =>
  audited(deps.db, (tx) => deps.repos.auth.markSessionProved(sessionId, at, tx), entry);
