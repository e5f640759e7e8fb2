import { Anchor, Button, Group, Paper, RingProgress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarTime,
  IconChecklist,
  IconClockExclamation,
  IconMessage,
  IconUserOff,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import {
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUSES,
} from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { LoadErrorAlert } from '../../../components/load-state';
import { capitalizeFirst, formatLongDay, todayIn } from '../../../lib/dates';
import { TodayTable } from './today-table';
import { useLiveRefresh } from '../../../lib/live-events';
import { getAdminDashboardQueryOptions, useAdminDashboard } from '../api/get-admin-dashboard';
import { NoShowChart } from './no-show-chart';
import { OccupancyChart } from './occupancy-chart';
import { StatCard } from './stat-card';
import { now } from '../../../lib/clock';

const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });

/** The clinic at a glance: today, the week's occupancy, no-shows and what needs attention. */
export function AdminDashboardView() {
  const { data, isPending, isError, error, refetch } = useAdminDashboard();
  useLiveRefresh(getAdminDashboardQueryOptions().queryKey);

  if (isError)
    return <LoadErrorAlert title="No se pudo cargar el panel" error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton h={320} radius="md" />;

  // «Citas hoy» and the ring count the same thing: the day's appointments that still stand (every status
  // but «Cancelada»); the cancelled ones are named apart, never in the total.
  const statusCounts = APPOINTMENT_STATUSES.filter((status) => status !== 'cancelada')
    .map((status) => ({ status, count: data.today.byStatus[status] ?? 0 }))
    .filter((entry) => entry.count > 0);
  const totalToday = statusCounts.reduce((sum, entry) => sum + entry.count, 0);
  const cancelledToday = data.today.byStatus.cancelada ?? 0;
  const cancelledText = cancelledToday === 1 ? '1 cancelada' : `${cancelledToday} canceladas`;

  return (
    <Stack gap="lg">
      <Text c="dimmed">{capitalizeFirst(formatLongDay(now(), data.timeZone))}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
        <StatCard
          label="Citas hoy"
          value={data.today.total}
          icon={IconCalendarTime}
          hint={
            <>
              {cancelledToday > 0 ? `Sin contar ${cancelledText}. ` : 'Sin contar las canceladas. '}
              <Anchor component={Link} to={paths.admin.today} size="xs">
                Ver la agenda de hoy
              </Anchor>
            </>
          }
        />
        <StatCard
          label="Citas en estado «Pendiente»"
          value={data.pendingConfirmations}
          icon={IconClockExclamation}
          color={data.pendingConfirmations > 0 ? 'yellow' : 'teal'}
          hint={
            <Anchor
              component={Link}
              to={`${paths.admin.appointments}?status=pendiente&from=${todayIn(data.timeZone)}&order=asc`}
              size="xs"
            >
              Confirmarlas o rechazarlas
            </Anchor>
          }
        />
        <StatCard
          label="No asistencia (30 días)"
          value={percent.format(data.noShow.rate)}
          icon={IconUserOff}
          color={data.noShow.rate > 0.1 ? 'red' : 'teal'}
          hint={`${data.noShow.noShows} de ${data.noShow.noShows + data.noShow.attended} citas`}
        />
        <StatCard
          label="Pacientes nuevos (30 días)"
          value={data.newPatients30d}
          icon={IconUserPlus}
          hint={
            <Anchor component={Link} to={paths.admin.patients} size="xs">
              Ver pacientes
            </Anchor>
          }
        />
        <StatCard
          label="Mensajes sin leer"
          value={data.unreadMessages}
          icon={IconMessage}
          color={data.unreadMessages > 0 ? 'yellow' : 'teal'}
          hint={
            <Anchor component={Link} to={paths.admin.messages} size="xs">
              {data.unreadMessages > 0 ? 'Abrir la bandeja' : 'Bandeja al día'}
            </Anchor>
          }
        />
        <StatCard
          label="Tareas vencidas"
          value={data.overdueTasks}
          icon={IconChecklist}
          color={data.overdueTasks > 0 ? 'red' : 'teal'}
          hint={
            <Anchor component={Link} to={`${paths.admin.tasks}?overdue=true`} size="xs">
              {data.overdueTasks > 0 ? 'Ver las vencidas' : 'Ninguna vencida'}
            </Anchor>
          }
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md">
          <Group justify="space-between" mb="md">
            <Title order={2} size="h4">
              Hoy
            </Title>
            <Button component={Link} to={paths.admin.today} variant="light" size="xs">
              Abrir la agenda
            </Button>
          </Group>
          {totalToday === 0 ? (
            <Text c="dimmed">
              {cancelledToday > 0 ? `No quedan citas hoy (${cancelledText}).` : 'No hay citas hoy.'}
            </Text>
          ) : (
            <Group align="flex-start" wrap="nowrap" gap="lg">
              <RingProgress
                size={140}
                thickness={16}
                roundCaps={false}
                aria-label={`Citas de hoy por estado: ${totalToday}, sin contar las canceladas`}
                label={
                  <Text ta="center" fw={700} fz="xl">
                    {totalToday}
                  </Text>
                }
                sections={statusCounts.map((entry) => ({
                  value: (entry.count / totalToday) * 100,
                  color: APPOINTMENT_STATUS_COLORS[entry.status],
                  tooltip: `${APPOINTMENT_STATUS_LABELS[entry.status]}: ${entry.count}`,
                }))}
              />
              <Stack gap={6}>
                {statusCounts.map((entry) => (
                  <Group key={entry.status} gap="xs">
                    <AppointmentStatusBadge status={entry.status} />
                    <Text size="sm">{entry.count}</Text>
                  </Group>
                ))}
                {cancelledToday > 0 && (
                  <Text size="sm" c="dimmed">
                    Además, {cancelledText} (fuera del total).
                  </Text>
                )}
              </Stack>
            </Group>
          )}
          {data.upcomingToday.length > 0 && (
            <TodayTable
              mt="md"
              appointments={data.upcomingToday}
              timeZone={data.timeZone}
              patientHref={paths.admin.patient}
              extra={{ label: 'Profesional', value: (appointment) => appointment.doctorName }}
            />
          )}
        </Paper>

        <OccupancyChart occupancy={data.occupancy} />
        <NoShowChart noShow={data.noShow} />
      </SimpleGrid>
    </Stack>
  );
}
