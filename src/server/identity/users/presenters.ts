import { hasProfessionalCard } from '../../access';
import type { User, UserState } from '../../../common/schemas/users';
import type { UserRecord } from './repository';

export const stateOf = (row: Pick<UserRecord, 'active' | 'hasPassword'>): UserState =>
  !row.active ? 'desactivado' : row.hasPassword ? 'activo' : 'invitacion_pendiente';

export function presentUser(row: UserRecord): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    state: stateOf(row),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    doctorProfileIncomplete:
      hasProfessionalCard(row.role) && (row.doctorLicense === null || row.doctorLicense.trim() === ''),
    calendarFeedCreatedAt: row.calendarFeedCreatedAt?.toISOString() ?? null,
  };
}
