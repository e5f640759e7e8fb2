import { Button, Group, Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import {
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
  type AdminDashboard,
} from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { TodayTable } from './today-table';
import type { TodayCounts } from './today-counts';

/** «Hoy» on the admin's dashboard: the day's appointments by status in a ring, and the ones still to come. */
export function AdminTodayPanel({
  data,
  today: { statusCounts, totalToday, cancelledToday, cancelledText },
}: {
  data: AdminDashboard;
  today: TodayCounts;
}) {
  return (
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
        <Text c="dimmed">{cancelledToday > 0 ? `No quedan citas hoy (${cancelledText}).` : 'No hay citas hoy.'}</Text>
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
  );
}
