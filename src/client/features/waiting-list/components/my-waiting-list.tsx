import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import { useMyWaitingList } from '../api/get-my-waiting-list';
import { useLeaveMyWaitingList } from '../api/leave-my-waiting-list';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { WaitingListEntry } from './waiting-list-entry';
import { WaitingStateBadge, WishDays, wishTarget } from './entry-summary';

/** The paciente's own waiting-list entries in «Mis citas»: see them, leave one, join another. */
/** `options`: the booking options (specialties and doctors), once loaded. */
export function MyWaitingList({ options }: { options: BookingOptions | undefined }) {
  const entries = useMyWaitingList();
  const leave = useLeaveMyWaitingList();
  const visible = (entries.data ?? []).filter((entry) => entry.state !== 'retirada');

  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="my-waiting-list-title">
      <Title order={2} size="h3" id="my-waiting-list-title">
        Lista de espera
      </Title>
      {entries.isPending && <LoadingBlock label="Cargando tu lista de espera" />}
      {entries.isError && (
        <LoadErrorAlert
          title="No se ha podido cargar tu lista de espera"
          error={entries.error}
          onRetry={() => void entries.refetch()}
        />
      )}
      {entries.data && visible.length === 0 && (
        <Text size="sm" c="dimmed">
          No estás en ninguna lista de espera.
        </Text>
      )}
      {visible.map((entry) => (
        <Paper key={entry.id} withBorder p="sm" radius="md">
          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              <Text fw={600}>{wishTarget(entry)}</Text>
              <WishDays entry={entry} />
            </Stack>
            <Group gap="sm">
              <WaitingStateBadge state={entry.state} />
              {entry.state !== 'reservada' && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  loading={leave.isPending && leave.variables === entry.id}
                  onClick={() => leave.mutate(entry.id)}
                >
                  Salir de la lista
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      ))}
      {options && <WaitingListEntry options={options} specialtyId={null} doctorId={null} patient={null} mode="mine" />}
    </Stack>
  );
}
