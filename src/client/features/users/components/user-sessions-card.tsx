import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { User } from '../../../../common/schemas/users';
import { errorMessageOf } from '../../../components/form-error';
import { useEndUserSessions } from '../api/end-user-sessions';

const CLOSE = { 'aria-label': 'Cerrar el aviso' };

const endedMessage = (name: string, count: number) =>
  count === 0
    ? `${name} no tenía ninguna sesión abierta.`
    : `Se ${count === 1 ? 'ha cerrado 1 sesión' : `han cerrado ${count} sesiones`} de ${name}.`;

/**
 * An admin ends every session of a user at once (a lost phone, a shared computer left signed in): the
 * account stays active and she signs in again. Disabling the account does the same (issue 21).
 */
export function UserSessionsCard({ user }: { user: User }) {
  const end = useEndUserSessions();
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    end.mutate(user.id, {
      onSuccess: ({ ended }) => {
        setConfirming(false);
        notifications.show({ color: 'teal', closeButtonProps: CLOSE, message: endedMessage(user.displayName, ended) });
      },
      onError: (error) => notifications.show({ color: 'red', closeButtonProps: CLOSE, message: errorMessageOf(error) }),
    });
  return (
    <Paper withBorder p="lg" radius="md" maw={640} component="section" aria-labelledby="user-sessions-title">
      <Stack gap="xs">
        <Text fw={600} id="user-sessions-title">
          Sesiones abiertas
        </Text>
        <Text size="sm">
          Cierra la sesión de {user.displayName} en todos sus dispositivos, por ejemplo si ha perdido el móvil o dejó
          abierta la sesión en un ordenador compartido. La cuenta sigue activa: podrá volver a entrar con su contraseña.
        </Text>
        <Group>
          <Button variant="light" color="red" onClick={() => setConfirming(true)}>
            Cerrar todas sus sesiones
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="¿Cerrar todas sus sesiones?">
        <Stack>
          <Text size="sm">
            {user.displayName} tendrá que volver a iniciar sesión en cada dispositivo. Lo que tenga sin guardar en una
            nota de consulta se conserva en su navegador.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button color="red" onClick={confirm} loading={end.isPending}>
              Cerrar sesiones
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
