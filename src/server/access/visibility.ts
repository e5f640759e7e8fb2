import type { Role } from '../../common/roles';
import type { Grant } from './policy';

/**
 * Which clinical data one request may see, decided once from the user and the grant of the route's
 * permission (Medplum's scoped access). Repositories turn it into SQL conditions, so a list, a count
 * or a search can only ever return what it allows.
 */
export type Visibility =
  | { kind: 'all' }
  /** The patients the doctor has or had a live appointment with, and the doctor's own appointments. */
  | { kind: 'doctor'; doctorId: string }
  /** The record linked to this account, and its appointments. */
  | { kind: 'patient'; accountId: string }
  | { kind: 'none' };

export const SEES_NOTHING: Visibility = { kind: 'none' };
/** Everything: the grant `any`, or a job that acts for the whole clinic. */
export const SEES_EVERYTHING: Visibility = { kind: 'all' };

/** `any` sees everything; `own` sees what belongs to that role's user; a visitor sees nothing. */
export function visibilityOf(user: { id: string; role: Role } | null, grant: Grant | null): Visibility {
  if (!user || !grant) return SEES_NOTHING;
  if (grant === 'any') return SEES_EVERYTHING;
  if (user.role === 'doctor') return { kind: 'doctor', doctorId: user.id };
  if (user.role === 'paciente') return { kind: 'patient', accountId: user.id };
  // Staff own no clinical data of their own.
  return SEES_NOTHING;
}
