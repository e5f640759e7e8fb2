import { Anchor, Box, Card, ColorSwatch, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { APPOINTMENT_CHANNEL_LABELS, type Appointment } from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { formatListDate, formatShortCalendarDate, formatTime } from '../../../lib/dates';

interface HistoryListProps {
  items: Appointment[];
  timeZone: string;
  onOpen: (id: string) => void;
}

/** «n. 12/04/1985 · 12345678Z»: what tells two patients of the same name apart. */
export function patientIdentity(appointment: Appointment): string {
  return [
    appointment.patientBirthDate ? `n. ${formatShortCalendarDate(appointment.patientBirthDate)}` : null,
    appointment.patientDocument,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** On a phone the history is a list of cards: a seven-column table would only scroll sideways. */
export function HistoryCards({ items, timeZone, onOpen }: HistoryListProps) {
  return (
    <Stack gap="xs" component="ul" aria-label="Citas" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((appointment) => (
        <li key={appointment.id}>
          <Card
            withBorder
            padding="sm"
            component="button"
            type="button"
            onClick={() => onOpen(appointment.id)}
            style={{ width: '100%', textAlign: 'left', cursor: 'pointer' }}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {formatListDate(appointment.startsAt, timeZone)} · {formatTime(appointment.startsAt, timeZone)}
              </Text>
              <AppointmentStatusBadge status={appointment.status} />
            </Group>
            <Text fw={600} mt={4}>
              {appointment.patientName}
            </Text>
            {patientIdentity(appointment) && (
              <Text size="xs" c="dimmed">
                {patientIdentity(appointment)}
              </Text>
            )}
            <Group gap={6} wrap="nowrap">
              <ColorSwatch color={appointment.doctorColor} size={10} aria-hidden />
              <Text size="sm">{appointment.doctorName}</Text>
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {[appointment.reason, APPOINTMENT_CHANNEL_LABELS[appointment.channel]].filter(Boolean).join(' · ')}
            </Text>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** The history as a table, on wider screens; a row opens the appointment. */
export function HistoryTable({ items, timeZone, onOpen }: HistoryListProps) {
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={860}>
        <Table highlightOnHover verticalSpacing="sm" aria-label="Citas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha y hora</Table.Th>
              <Table.Th>Paciente</Table.Th>
              <Table.Th>Profesional</Table.Th>
              <Table.Th>Motivo</Table.Th>
              <Table.Th>Canal</Table.Th>
              <Table.Th>Estado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((appointment) => (
              <Table.Tr key={appointment.id} onClick={() => onOpen(appointment.id)} style={{ cursor: 'pointer' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatListDate(appointment.startsAt, timeZone)}</Text>
                  <Text size="sm" c="dimmed">
                    {formatTime(appointment.startsAt, timeZone)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    size="sm"
                    ta="left"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(appointment.id);
                    }}
                  >
                    {appointment.patientName}
                  </Anchor>
                  {patientIdentity(appointment) && (
                    <Text size="xs" c="dimmed">
                      {patientIdentity(appointment)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={appointment.doctorColor} size={10} aria-hidden />
                    <Text size="sm">{appointment.doctorName}</Text>
                  </Group>
                </Table.Td>
                <Table.Td maw={220}>
                  <Text size="sm" lineClamp={2}>
                    {appointment.reason || (
                      <Text span c="dimmed" size="sm">
                        —
                      </Text>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td>{APPOINTMENT_CHANNEL_LABELS[appointment.channel]}</Table.Td>
                <Table.Td>
                  <Box w="max-content">
                    <AppointmentStatusBadge status={appointment.status} />
                  </Box>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
