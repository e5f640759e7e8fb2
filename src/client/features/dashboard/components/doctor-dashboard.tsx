import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { LoadErrorAlert } from '../../../components/load-state';
import { capitalizeFirst, formatLongDay, formatTime } from '../../../lib/dates';
import { TodayTable } from './today-table';
import { useLiveRefresh } from '../../../lib/live-events';
import { getDoctorDashboardQueryOptions, useDoctorDashboard } from '../api/get-doctor-dashboard';
import { now } from '../../../lib/clock';

/** A doctor's day: the next patient first, then the whole agenda of today. */
export function DoctorDashboardView() {
  const { data, isPending, isError, error, refetch } = useDoctorDashboard();
  useLiveRefresh(getDoctorDashboardQueryOptions().queryKey);

  if (isError)
    return <LoadErrorAlert title="No se pudo cargar el panel" error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton h={260} radius="md" />;
  const live = data.today.filter((item) => item.status !== 'cancelada');

  return (
    <Stack gap="lg">
      <Text c="dimmed">{capitalizeFirst(formatLongDay(now(), data.timeZone))}</Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Paper withBorder p="lg" radius="md" style={{ gridColumn: 'span 1' }}>
          <Title order={2} size="h4" mb="sm">
            Siguiente paciente
          </Title>
          {data.next ? (
            <Stack gap={6}>
              <Group gap="xs">
                <Badge size="lg" variant="filled">
                  {formatTime(data.next.startsAt, data.timeZone)}
                </Badge>
                <AppointmentStatusBadge status={data.next.status} />
              </Group>
              <Text fw={600} fz="lg">
                {data.next.patientName}
              </Text>
              {data.next.reason && <Text size="sm">Motivo: {data.next.reason}</Text>}
              <Group gap="xs" mt="xs">
                <Button component={Link} to={paths.doctor.appointment(data.next.id)} w="fit-content">
                  Abrir la consulta
                </Button>
                <Button
                  component={Link}
                  to={paths.doctor.patient(data.next.patientId)}
                  variant="light"
                  leftSection={<IconUser size={16} />}
                  w="fit-content"
                >
                  Abrir la ficha
                </Button>
              </Group>
            </Stack>
          ) : (
            <Text c="dimmed">No te quedan pacientes hoy.</Text>
          )}
        </Paper>
        <Paper withBorder p="lg" radius="md" style={{ gridColumn: 'span 2' }}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Agenda de hoy ({live.length})
            </Title>
            <Anchor component={Link} to={paths.doctor.appointments} size="sm">
              Ver mi agenda
            </Anchor>
          </Group>
          {data.today.length === 0 ? (
            <Text c="dimmed">Hoy no tienes citas.</Text>
          ) : (
            <TodayTable
              appointments={data.today}
              timeZone={data.timeZone}
              patientHref={paths.doctor.patient}
              appointmentHref={paths.doctor.appointment}
              extra={{ label: 'Motivo', value: (appointment) => appointment.reason || '—' }}
            />
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
