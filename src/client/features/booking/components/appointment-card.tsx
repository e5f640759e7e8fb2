import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { formatLongDay, formatTime } from '../../../lib/dates';
import { capitalize } from '../utils/slots';

/** One of the paciente's appointments: when (clinic's zone), with whom, its state; `children` adds actions. */
export function AppointmentCard({ appointment, children }: { appointment: OwnAppointment; children?: ReactNode }) {
  const { startsAt, endsAt, timeZone } = appointment;
  const day = capitalize(formatLongDay(startsAt, timeZone));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="article" aria-label={`Cita del ${day}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Text fw={700} size="lg" lh={1.3}>
              {day}
            </Text>
            <Text c="teal.9" fw={600}>
              {formatTime(startsAt, timeZone)}–{formatTime(endsAt, timeZone)}
            </Text>
          </Stack>
          <Box style={{ flexShrink: 0 }}>
            <AppointmentStatusBadge status={appointment.status} />
          </Box>
        </Group>
        <Text>
          {appointment.doctorName}
          {appointment.specialty && (
            <Text span c="dimmed">
              {' '}
              · {appointment.specialty}
            </Text>
          )}
        </Text>
        {appointment.reason && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            Motivo: {appointment.reason}
          </Text>
        )}
        {appointment.status === 'cancelada' && appointment.cancelReason && (
          <Text size="sm" c="dimmed">
            Motivo de la cancelación: {appointment.cancelReason}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
