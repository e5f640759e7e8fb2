import type { Role } from '../../common/roles';

/** What an edit of an account's role or state changes, beyond the fields themselves. */
export interface RoleChange {
  /** The role is really changed (not merely sent again). */
  roleChanged: boolean;
  /** An active admin stops being one (demoted or disabled): the clinic must keep another. */
  losesAdmin: boolean;
  /** Becomes a doctor: she needs her professional card. */
  becomesDoctor: boolean;
  /** Stops being a doctor: she takes no more appointments. */
  leavesDoctor: boolean;
}

export function roleChangeOf(
  before: { role: Role; active: boolean },
  change: { role?: Role; active?: boolean },
): RoleChange {
  const after = change.role ?? before.role;
  return {
    roleChanged: after !== before.role,
    losesAdmin: before.role === 'admin' && before.active && (after !== 'admin' || change.active === false),
    becomesDoctor: after === 'doctor' && before.role !== 'doctor',
    leavesDoctor: after !== 'doctor' && before.role === 'doctor',
  };
}
