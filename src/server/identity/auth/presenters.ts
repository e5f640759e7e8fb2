import type { Account, Profile } from '../../../common/schemas/auth';
import type { AccountRow, ProfileRow } from './repository';

export function presentAccount(row: AccountRow): Account {
  return { id: row.id, email: row.email, displayName: row.displayName, photoURL: row.photoUrl };
}

export function presentProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    displayName: row.displayName,
    photoURL: row.photoUrl,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
