import { Alert, Anchor, Button, Group, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { ROLE_LABELS, ROLES, type Role } from '../../../../common/roles';
import type { User } from '../../../../common/schemas/users';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateUser } from '../api/update-user';
import { DeactivateUserDialog } from './deactivate-user-dialog';
import { formatLastSignIn, UserStateBadge } from './user-badges';

/** Display name, role and active: disabling signs the person out everywhere at once. */
export function EditUserForm({ user, timeZone }: { user: User; timeZone: string }) {
  const update = useUpdateUser();
  const resend = useResendInvitation();
  const [form, setForm] = useState({
    displayName: user.displayName,
    role: user.role,
    active: user.state !== 'desactivado',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const wasActive = user.state !== 'desactivado';

  const submit = async (confirmed = false) => {
    // Turning an active account off asks first (it signs the person out everywhere).
    if (wasActive && !form.active && !confirmed) {
      setConfirming(true);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await update.mutateAsync({ id: user.id, changes: form });
      setConfirming(false);
      const message =
        wasActive && !form.active
          ? 'Cuenta desactivada'
          : !wasActive && form.active
            ? 'Cuenta reactivada'
            : 'Usuario guardado';
      notifications.show({ color: 'green', message });
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setFailure(errorMessageOf(error));
    }
  };
  const resendInvitation = () =>
    resend.mutate(user.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `Invitación reenviada a ${user.email}` }),
      onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
    });

  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <Stack>
        <Group gap="sm">
          <Text fw={600}>{user.email}</Text>
          <UserStateBadge state={user.state} />
        </Group>
        <Text size="sm" c="dimmed">
          Último acceso: {formatLastSignIn(user.lastSignInAt, timeZone)}
        </Text>
        {user.state === 'invitacion_pendiente' && (
          <Alert color="yellow" icon={<IconMail size={18} aria-hidden />} title="Invitación pendiente">
            <Text size="sm">Todavía no ha elegido su contraseña.</Text>
            <Button
              mt="sm"
              size="xs"
              variant="white"
              color="dark"
              onClick={resendInvitation}
              loading={resend.isPending}
            >
              Reenviar invitación
            </Button>
          </Alert>
        )}
        {user.doctorProfileIncomplete && (
          <Alert color="blue" title="Completa su ficha de doctor/a">
            <Text size="sm">
              Falta su especialidad y su nº de colegiado; no recibirá citas hasta que la completes y la actives en{' '}
              <Anchor component={Link} to={paths.admin.doctors} c="inherit" fw={700} underline="always">
                Doctores
              </Anchor>
              .
            </Text>
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack>
            <TextInput
              label="Nombre visible"
              required
              value={form.displayName}
              onChange={(event) => setForm({ ...form, displayName: event.currentTarget.value })}
              error={errors.displayName}
            />
            <Select
              label="Rol"
              data={ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
              value={form.role}
              allowDeselect={false}
              onChange={(role) => role && setForm({ ...form, role: role as Role })}
              error={errors.role}
            />
            <Switch
              label="Cuenta activa"
              description="Al desactivarla, se cierran sus sesiones y no puede volver a entrar."
              checked={form.active}
              onChange={(event) => setForm({ ...form, active: event.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={paths.admin.users}>
                Volver
              </Button>
              <Button type="submit" loading={update.isPending}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <DeactivateUserDialog
        name={user.displayName}
        opened={confirming}
        loading={update.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit(true)}
      />
    </Paper>
  );
}
