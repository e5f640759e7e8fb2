import { ColorSwatch, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { APPOINTMENT_STATUS_LABELS } from '../../../../common/schemas/appointments';
import { formatLongDay, formatTime } from '../../../lib/dates';
import type { HiddenGroup } from '../utils/calendar-groups';
import { formatTimeRange } from '../utils/format';

/**
 * The appointments behind a «+N» box of a crowded calendar: each one a button that opens it (its panel), in the
 * calendar's order, with its time, patient, status and doctor.
 */
export function HiddenAppointmentsModal({
  group,
  timeZone,
  onOpen,
  onClose,
}: {
  group: HiddenGroup | null;
  timeZone: string;
  onOpen: (appointmentId: string) => void;
  onClose: () => void;
}) {
  const title = group
    ? group.allDay
      ? `${group.appointments.length} citas más · ${formatLongDay(group.appointments[0]!.startsAt, timeZone)}`
      : `${group.appointments.length} citas más · ${formatLongDay(group.start, timeZone)}, de ${formatTime(group.start, timeZone)} a ${formatTime(group.end, timeZone)}`
    : '';
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {group?.appointments.map((appointment) => (
          <li key={appointment.id}>
            <UnstyledButton
              className="clinica-hidden-appointment"
              onClick={() => onOpen(appointment.id)}
              p={6}
              w="100%"
            >
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={appointment.doctorColor} size={12} aria-hidden />
                <Text size="sm">
                  <strong>{formatTimeRange(appointment.startsAt, appointment.endsAt, timeZone)}</strong> ·{' '}
                  {appointment.patientName} · {APPOINTMENT_STATUS_LABELS[appointment.status]} · {appointment.doctorName}
                </Text>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Modal>
  );
}
