import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import type { User } from '../../../../common/schemas/users';
import { StackedTable } from '../../../components/stacked-table';
import { formatLastSignIn, UserRoleBadge, UserStateBadge } from './user-badges';

/** Every account of the page: name and e-mail, role, state, last sign-in, and the link to edit it. */
export function UsersTable({ users, timeZone }: { users: User[]; timeZone: string }) {
  if (users.length === 0) return <Text c="dimmed">No hay usuarios con estos filtros.</Text>;
  return (
    <StackedTable minWidth={720} verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nombre</Table.Th>
          <Table.Th>Rol</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Último acceso</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td data-label="Nombre">
              <Anchor component={Link} to={paths.admin.editUser(user.id)} fw={600} size="sm">
                {user.displayName || user.email}
              </Anchor>
              <Text size="xs" c="dimmed">
                {user.email}
              </Text>
            </Table.Td>
            <Table.Td data-label="Rol">
              <UserRoleBadge role={user.role} />
            </Table.Td>
            <Table.Td data-label="Estado">
              <UserStateBadge state={user.state} />
            </Table.Td>
            <Table.Td data-label="Último acceso">
              <Text size="sm">{formatLastSignIn(user.lastSignInAt, timeZone)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
