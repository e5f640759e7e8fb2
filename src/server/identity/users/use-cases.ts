import type { Role } from '../../../common/roles';
import { roleChangeOf } from '../../access';
import { AppError, audited, notFound, type AuditEntry, type Tx } from '../../platform';
import { createAccountWithProfile } from '../auth/accounts';
import { sendInvitation } from '../auth/invitations';
import type { CoreDeps } from '../deps';
import type { Services } from '../route-deps';
import { presentUser } from './presenters';
import type { UsersRepository } from './repository';

type Deps = Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox'> & Pick<Services, 'staffLifecycle'>;
type UserRow = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;

export const USER_NOT_FOUND = 'Usuario no encontrado';

/** A page of the users. */
export const searchUsers = (deps: Pick<CoreDeps, 'repos'>, search: Parameters<UsersRepository['search']>[0]) =>
  deps.repos.users.search(search);

/** The user's row, if there is one. */
export const findUser = (deps: Pick<CoreDeps, 'repos'>, id: string) => deps.repos.users.findById(id);

/** The user as the API shows it, or 404. */
export async function presentedUser(deps: Pick<CoreDeps, 'repos'>, id: string) {
  const row = await deps.repos.users.findById(id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return presentUser(row);
}

/** A doctor needs their professional row; it starts inactive (not bookable) until completed in «Doctores». */
async function ensureDoctorRow(deps: Deps, id: string, tx: Tx) {
  if (await deps.repos.users.hasDoctorRow(id, tx)) {
    return;
  }
  await deps.staffLifecycle.doctorAdded(
    { id, specialtyId: await deps.repos.users.defaultSpecialtyId(tx), licenseNumber: '', complete: false },
    tx,
  );
}

/** A staff account, its profile, a doctor's row, and its invitation, audited; answers its id. */
export const inviteUser = (
  deps: Deps,
  invite: {
    email: string;
    displayName: string;
    role: Role;
    specialtyId?: string;
    licenseNumber?: string;
    color?: string;
  },
  entry: (created: string) => AuditEntry,
) =>
  audited(
    deps.db,
    async (tx) => {
      const { email, displayName, role, specialtyId, licenseNumber, color } = invite;
      const { account } = await createAccountWithProfile(tx, deps.repos.auth, { email, displayName, role });
      // A doctor invited with her specialty and nº de colegiado is complete: active (the desk sees her
      // column and may book her once her hours are set; with no hours nobody is offered a time), in
      // her own colour.
      if (role === 'doctor') {
        await deps.staffLifecycle.doctorAdded(
          { id: account.id, specialtyId: specialtyId!, licenseNumber: licenseNumber!, color, complete: true },
          tx,
        );
      }
      await sendInvitation(deps, { id: account.id, email, displayName }, role, tx);
      return account.id;
    },
    entry,
  );

/**
 * Changes a user's name, role or state, audited (`entry` gets the row as it was): the clinic keeps an active
 * admin; a disabled account is out at once; a new doctor gets her row; scheduling hears of the change.
 */
export const updateUser = (
  deps: Deps,
  id: string,
  { displayName, role, active }: { displayName?: string; role?: Role; active?: boolean },
  entry: (before: UserRow) => AuditEntry,
) =>
  audited(
    deps.db,
    async (tx) => {
      const before = await deps.repos.users.findById(id, tx);
      if (!before) throw notFound(USER_NOT_FOUND);
      const change = roleChangeOf(before, { role, active });
      if (change.losesAdmin && (await deps.repos.users.lockOtherActiveAdmins(id, tx)) === 0)
        throw new AppError(409, 'LAST_ADMIN');
      if (displayName !== undefined || role !== undefined) {
        await deps.repos.auth.mergeProfile(
          id,
          { ...(displayName !== undefined ? { displayName } : {}), ...(role ? { role } : {}) },
          tx,
        );
      }
      if (displayName !== undefined || active !== undefined) {
        await deps.repos.auth.updateAccount(
          id,
          { ...(displayName !== undefined ? { displayName } : {}), ...(active !== undefined ? { active } : {}) },
          tx,
        );
      }
      // A disabled account is out at once: its sessions end with the change, and its pending reset or
      // invitation links (they would set a password after a re-enabling), and its calendar feed, as when its
      // role changes (the feed was made for the old role's scope).
      if (active === false) {
        await deps.repos.auth.deleteSessionsOfAccount(id, tx);
        await deps.repos.auth.revokePasswordTokensOf(id, tx);
      }
      if (change.becomesDoctor) await ensureDoctorRow(deps, id, tx);
      await deps.staffLifecycle.accountChanged(
        id,
        { disabled: active === false, roleChanged: change.roleChanged, leavesDoctor: change.leavesDoctor },
        tx,
      );
      return before;
    },
    entry,
  );

/** Sends a user's invitation again, audited. */
export const resendInvitation = (
  deps: Deps,
  user: { id: string; email: string; displayName: string; role: Role },
  entry: AuditEntry,
) =>
  audited(
    deps.db,
    (tx) => sendInvitation(deps, { id: user.id, email: user.email, displayName: user.displayName }, user.role, tx),
    entry,
  );
