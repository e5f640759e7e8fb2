import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../../../common/roles';
import { USER_STATE_LABELS, USER_STATES, type UserState } from '../../../../common/schemas/users';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useUsers } from '../api/get-users';
import { InviteUserModal } from './invite-user-modal';
import { UsersTable } from './users-table';

const PAGE_SIZE = 20;

/** Every account: search by name or e-mail, filter by role and state, paginated; invite staff. */
export function UsersWorkspace({ timeZone }: { timeZone: string }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 300);
  const [role, setRole] = useState<Role | null>(null);
  const [state, setState] = useState<UserState | null>(null);
  const [page, setPage] = useState(1);
  const [inviting, setInviting] = useState(false);
  const users = useUsers({
    q: debounced.trim() || undefined,
    role: role ?? undefined,
    state: state ?? undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconMailPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
          Invitar usuario
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Buscar"
          placeholder="Nombre o correo"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(event) => filter(setQ)(event.currentTarget.value)}
        />
        <Select
          label="Rol"
          placeholder="Todos"
          clearable
          data={ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          value={role}
          onChange={(value) => filter(setRole)(value as Role | null)}
        />
        <Select
          label="Estado"
          placeholder="Todos"
          clearable
          data={USER_STATES.map((value) => ({ value, label: USER_STATE_LABELS[value] }))}
          value={state}
          onChange={(value) => filter(setState)(value as UserState | null)}
        />
      </SimpleGrid>
      {users.isError ? (
        <LoadErrorAlert
          title="No se pudieron cargar los usuarios"
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : users.isPending ? (
        <LoadingBlock label="Cargando usuarios" />
      ) : (
        <>
          <UsersTable users={users.data.items} timeZone={timeZone} />
          <ListPagination
            page={page}
            totalPages={Math.ceil(users.data.total / PAGE_SIZE)}
            onChange={setPage}
            label="Páginas de usuarios"
          />
        </>
      )}
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
