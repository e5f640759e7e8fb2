import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionState } from '../../../common/schemas/auth';
import type { SecondFactorChallenge } from '../../../common/schemas/second-factor';
import { holdsOwnRecord } from '../../access';
import { clock } from '../../platform';
import { transact } from '../../platform';
import { AppError, pgErrorCode } from '../../platform';
import { resolveOwnRecord } from '../patients/link-account';
import { startPendingSignIn } from '../second-factor/pending';
import { presentAccount, presentProfile } from './presenters';
import type { AccountRow, ProfileRow } from './repository';
import { startSession } from './sessions';
import type { CoreDeps } from '../deps';
import type { SecondFactorService } from '../second-factor/service';
import type { FactorRemovals } from '../../platform';

/** What signing in uses: the accounts, the second factor's rules, and what a new session e-mails. */
type SignInDeps = Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'log'> & {
  secondFactor: Pick<SecondFactorService, 'isRequired' | 'methodsOf'>;
};

/** Loads the profile of an account, creating the `paciente` one on first sign-in (SPEC §3). */
export async function profileFor(deps: SignInDeps, account: AccountRow): Promise<ProfileRow> {
  const repo = deps.repos.auth;
  try {
    return (
      (await repo.findProfile(account.id)) ??
      (await transact(deps.db, (tx) =>
        repo.createProfile(
          {
            id: account.id,
            email: account.email,
            role: 'paciente',
            displayName: account.displayName,
            photoUrl: account.photoUrl,
          },
          tx,
        ),
      ))
    );
  } catch (error) {
    deps.log.error({ code: pgErrorCode(error) }, 'profile could not be loaded');
    throw new AppError(503, 'PROFILE_LOAD_FAILED');
  }
}

/**
 * A paciente's clinical record follows the account: the linked one, or a new one; a record with the same
 * e-mail is linked only once the address is proved (the confirmation link is e-mailed). No duplicates.
 */
export async function linkPatientRecord(deps: SignInDeps, account: AccountRow, profile: ProfileRow) {
  try {
    await resolveOwnRecord(deps, { id: account.id, email: account.email, displayName: profile.displayName }, profile);
  } catch (error) {
    // Signing in must not fail for this; the record is linked again on the next request that needs it.
    deps.log.warn({ code: pgErrorCode(error) }, 'patient record could not be linked');
  }
}

/** The sign-in is complete (password, and the second factor when the account has one): the session starts. */
export async function completeSignIn(
  deps: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow,
  profile: ProfileRow,
): Promise<SessionState> {
  if (holdsOwnRecord(profile.role)) await linkPatientRecord(deps, account, profile);
  await startSession(deps, request, reply, account.id);
  await transact(deps.db, (tx) => deps.repos.users.setLastSignIn(account.id, clock.now(), tx));
  return { user: presentAccount(account), profile: presentProfile(profile) };
}

/**
 * After a right password: the second step when the account has a second factor (`verify`), or must set
 * one up because the clinic requires it of her role (`setup`); nothing when the password is enough.
 * The password alone never starts a session for an account with a second factor.
 */
export async function secondStepAfterPassword(
  deps: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow,
  profile: ProfileRow,
  removals: FactorRemovals | null = null,
): Promise<SecondFactorChallenge | null> {
  const methods = await deps.secondFactor.methodsOf(account.id);
  // Factors a reset link chose to remove go only once the second step is proved: the link alone removes nothing.
  if (methods.length > 0) return startPendingSignIn(deps, request, reply, account.id, 'verify', methods, removals);
  if (await deps.secondFactor.isRequired(profile.role)) {
    return startPendingSignIn(deps, request, reply, account.id, 'setup', ['passkey', 'totp']);
  }
  return null;
}
