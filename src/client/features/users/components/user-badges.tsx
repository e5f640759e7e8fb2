import { Badge } from '@mantine/core';
import { ROLE_LABELS, type Role } from '../../../../common/roles';
import { USER_STATE_LABELS, type UserState } from '../../../../common/schemas/users';
import { formatDateTime } from '../../../lib/dates';

const STATE_COLORS: Record<UserState, string> = {
  activo: 'green',
  desactivado: 'gray',
  invitacion_pendiente: 'yellow',
};

export const UserStateBadge = ({ state }: { state: UserState }) => (
  <Badge color={STATE_COLORS[state]} variant="light" radius="sm">
    {USER_STATE_LABELS[state]}
  </Badge>
);

export const UserRoleBadge = ({ role }: { role: Role }) => (
  <Badge color={role === 'admin' ? 'violet' : role === 'doctor' ? 'blue' : 'gray'} variant="outline" radius="sm">
    {ROLE_LABELS[role]}
  </Badge>
);

export const formatLastSignIn = (iso: string | null, timeZone: string) =>
  iso ? formatDateTime(iso, timeZone) : 'Nunca';
