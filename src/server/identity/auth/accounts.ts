import type { Role } from '../../../common/roles';
import type { Db } from '../../platform';
import { hashPassword } from './passwords';
import type { AuthRepository } from './repository';
import { transact } from '../../platform';

export interface NewAccountInput {
  email: string;
  /** Absent for invited staff: they choose it through the invitation link. */
  password?: string;
  displayName: string;
  role: Role;
  phone?: string | null;
}

/**
 * Creates an account the way SPEC §3 orders it — the identity, then its display name, then the full
 * profile — in one transaction, so a failure leaves nothing half made.
 */
export async function createAccountWithProfile(db: Db, repo: AuthRepository, input: NewAccountInput) {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return transact(db, async (tx) => {
    const created = await repo.createAccount({ email: input.email, passwordHash }, tx);
    const account = (await repo.updateAccount(created.id, { displayName: input.displayName }, tx))!;
    const profile = await repo.createProfile(
      {
        id: account.id,
        email: input.email,
        role: input.role,
        displayName: input.displayName,
        photoUrl: account.photoUrl,
        phone: input.phone ?? null,
      },
      tx,
    );
    return { account, profile };
  });
}
