import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { User } from '../../../../common/schemas/users';
import { errorMessageOf } from '../../../components/form-error';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import { formatLastSignIn } from './user-badges';

/**
 * The user's private calendar feed, if she has one: an admin can revoke it (a lost phone, a laptop that
 * left the clinic). Disabling the account or changing its role revokes it too.
 */
export function CalendarFeedCard({ user, timeZone }: { user: User; timeZone: string }) {
  const revoke = useRevokeCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  if (!user.calendarFeedCreatedAt) return null;
  const confirm = () =>
    revoke.mutate(user.id, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: `Enlace de calendario de ${user.displayName} revocado` });
      },
      onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
    });
  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <Stack gap="xs">
        <Text fw={600}>Enlace de calendario</Text>
        <Text size="sm">
          Tiene un enlace privado de calendario desde el {formatLastSignIn(user.calendarFeedCreatedAt, timeZone)}. Quien
          tenga la dirección ve su agenda.
        </Text>
        <Group>
          <Button variant="light" color="red" onClick={() => setConfirming(true)}>
            Revocar el enlace
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="¿Revocar el enlace de calendario?">
        <Stack>
          <Text size="sm">
            La dirección dejará de funcionar en todos los calendarios suscritos. {user.displayName} podrá crear otra
            desde su perfil si sigue teniendo acceso.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button color="red" onClick={confirm} loading={revoke.isPending}>
              Revocar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
