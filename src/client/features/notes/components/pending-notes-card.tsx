import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { LoadErrorAlert } from '../../../components/load-state';
import { formatShortDay, formatTime } from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/live-events';
import { getPendingNotesQueryOptions, usePendingNotes } from '../api/get-pending-notes';

/** «Notas pendientes de firmar»: the doctor's attended visits without a signed note, each a link to write it. */
export function PendingNotesCard({ timeZone }: { timeZone: string }) {
  const { data, isPending, isError, error, refetch } = usePendingNotes();
  // An appointment marked attended elsewhere (the desk's diary) joins the list without a reload.
  useLiveRefresh(getPendingNotesQueryOptions().queryKey);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="pending-notes-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="pending-notes-title">
          Notas pendientes de firmar
        </Title>
        {data && (
          <Badge
            variant="light"
            radius="sm"
            color={data.total > 0 ? 'orange' : 'teal'}
            aria-label={`${data.total} pendientes`}
          >
            {data.total}
          </Badge>
        )}
      </Group>
      {isPending && <Skeleton h={60} />}
      {isError && (
        <LoadErrorAlert
          title="No se han podido cargar las notas pendientes"
          error={error}
          onRetry={() => void refetch()}
        />
      )}
      {data && data.items.length === 0 && <Text c="dimmed">No tienes notas pendientes.</Text>}
      {data && data.items.length > 0 && (
        <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.items.map((item) => (
            <li key={item.appointmentId}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Anchor component={Link} to={paths.doctor.appointment(item.appointmentId)} size="sm">
                  {item.patientName} · {formatShortDay(item.startsAt, timeZone)}, {formatTime(item.startsAt, timeZone)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {item.hasDraft ? 'Borrador' : 'Sin empezar'}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {data && data.total > data.items.length && (
        <Text size="sm" c="dimmed" mt="xs">
          y {data.total - data.items.length} más.
        </Text>
      )}
    </Paper>
  );
}
