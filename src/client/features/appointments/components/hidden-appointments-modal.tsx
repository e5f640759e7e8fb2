import { ColorSwatch, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { APPOINTMENT_STATUS_LABELS } from '../../../../common/schemas/appointments';
import { formatLongDay, formatTime } from '../../../lib/dates';
import type { Doctor } from '../../../../common/schemas/doctors';
import type { HiddenGroup } from '../utils/calendar-groups';
import { UNKNOWN_DOCTOR_COLOR } from '../utils/calendar-events';
import { formatTimeRange } from '../utils/format';

/**
 * The appointments behind a «+N» box of a crowded calendar: each one a button that opens it (its panel), in the
 * calendar's order, with its time, patient, status and doctor.
 */
export function HiddenAppointmentsModal({
  group,
  timeZone,
  doctorsById,
  onOpen,
  onClose,
}: {
  group: HiddenGroup | null;
  timeZone: string;
  /** Names and colours of the appointments' doctors (the range carries their ids). */
  doctorsById: ReadonlyMap<string, Doctor>;
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
                <ColorSwatch
                  color={doctorsById.get(appointment.doctorId)?.color ?? UNKNOWN_DOCTOR_COLOR}
                  size={12}
                  aria-hidden
                />
                <Text size="sm">
                  <strong>{formatTimeRange(appointment.startsAt, appointment.endsAt, timeZone)}</strong> ·{' '}
                  {appointment.patientName} · {APPOINTMENT_STATUS_LABELS[appointment.status]}
                  {doctorsById.has(appointment.doctorId) && ` · ${doctorsById.get(appointment.doctorId)!.displayName}`}
                </Text>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Modal>
  );
}
