import { audited, transact, type AuditEntry } from '../../platform';
import { api } from '../../../common/api-paths';
import type { CoreDeps } from '../deps';
import type { Services } from '../route-deps';
import type { AuthRepository } from '../auth/repository';
import type { PatientsRepository } from '../patients/repository';
import type { ChangeOrigin } from '../second-factor/service';
import type { RequestUser } from '../../access';

type Deps = Pick<CoreDeps, 'db' | 'repos'>;

/** The account's profile, if it has one. */
export const findOwnProfile = (deps: Pick<CoreDeps, 'repos'>, accountId: string) =>
  deps.repos.auth.findProfile(accountId);

/**
 * Changes the account's profile; its account keeps its name and photo unless a non-empty one arrives (SPEC §3).
 * Answers the profile as it is now.
 */
export const updateOwnProfile = (
  deps: Deps,
  accountId: string,
  changes: Parameters<AuthRepository['mergeProfile']>[1],
) =>
  transact(deps.db, async (tx) => {
    const merged = await deps.repos.auth.mergeProfile(accountId, changes, tx);
    const accountChanges = {
      ...(changes.displayName ? { displayName: changes.displayName } : {}),
      ...(changes.photoUrl ? { photoUrl: changes.photoUrl } : {}),
    };
    if (Object.keys(accountChanges).length > 0) await deps.repos.auth.updateAccount(accountId, accountChanges, tx);
    return merged;
  });

/** Stores a profile photo (already squared) and makes it the profile's and the account's; answers the profile. */
export const setOwnPhoto = (deps: Deps, accountId: string, photo: Buffer) =>
  transact(deps.db, async (tx) => {
    const { id } = await deps.repos.images.create({ mime: 'image/webp', content: photo, createdBy: accountId }, tx);
    const photoUrl = api.image(id);
    const merged = await deps.repos.auth.mergeProfile(accountId, { photoUrl }, tx);
    // Never empty here, so the account takes it too (SPEC §3).
    await deps.repos.auth.updateAccount(accountId, { photoUrl }, tx);
    return merged;
  });

/** The account's row (its password's hash), if there is one. */
export const findOwnAccount = (deps: Pick<CoreDeps, 'repos'>, accountId: string) =>
  deps.repos.auth.findAccountById(accountId);

/**
 * Sets a new password (its hash): whoever knew the old one is signed out everywhere else (this session
 * stays), a reset link asked for before the change no longer resets it, and the owner is told.
 */
export const changeOwnPassword = (
  deps: Deps & Pick<Services, 'secondFactor'>,
  user: RequestUser,
  passwordHash: string,
  origin: ChangeOrigin,
) =>
  transact(deps.db, async (tx) => {
    await deps.repos.auth.updateAccount(user.id, { passwordHash }, tx);
    await deps.repos.auth.deleteOtherSessionsOfAccount(user.id, user.sessionId, tx);
    await deps.repos.auth.revokePasswordTokensOf(user.id, tx);
    await deps.secondFactor.notify(user, { kind: 'password-changed' }, tx, origin);
  });

/**
 * A paciente's change of her own record's contact data, audited; her phone's copy on the account profile
 * follows the record's in the same transaction. Answers the record (undefined when it is gone).
 */
export const updateOwnContact = (
  deps: Deps,
  accountId: string,
  recordId: string,
  changes: Parameters<PatientsRepository['update']>[1],
  entry: AuditEntry,
) =>
  audited(
    deps.db,
    async (tx) => {
      const record = await deps.repos.patients.update(recordId, changes, tx);
      if (record && changes.phone !== undefined)
        await deps.repos.auth.mergeProfile(accountId, { phone: record.phone || null }, tx);
      return record;
    },
    entry,
  );
