import { Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconClipboardList, IconNotes, IconStethoscope, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { OwnAppointment } from '../../../../common/schemas/appointments';
import { formatLongDayAndTime } from '../../../lib/dates';
import { capitalize } from '../utils/slots';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text span c="teal.8" mt={2} style={{ flexShrink: 0, display: 'inline-flex' }} aria-hidden>
        {icon}
      </Text>
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
      </Stack>
    </Group>
  );
}

/** When, with whom, for whom and why: the facts of an appointment, its times in the clinic's zone. */
export function AppointmentFacts({
  appointment,
  withPatient = false,
  withReason = true,
}: {
  appointment: OwnAppointment;
  withPatient?: boolean;
  withReason?: boolean;
}) {
  return (
    <Stack gap="sm">
      <Fact icon={<IconCalendarEvent size={20} />} label="Fecha y hora">
        <Text span fw={700}>
          {capitalize(formatLongDayAndTime(appointment.startsAt, appointment.timeZone))}
        </Text>
      </Fact>
      <Fact icon={<IconStethoscope size={20} />} label="Profesional">
        {appointment.doctorName}
        {appointment.specialty && (
          <Text span c="dimmed">
            {' '}
            · {appointment.specialty}
          </Text>
        )}
      </Fact>
      {appointment.service && (
        <Fact icon={<IconClipboardList size={20} />} label="Servicio">
          {appointment.service.name}
          <Text span c="dimmed">
            {' '}
            · {appointment.service.durationMinutes} min
          </Text>
        </Fact>
      )}
      {withPatient && appointment.patientName && (
        <Fact icon={<IconUser size={20} />} label="Paciente">
          {appointment.patientName}
        </Fact>
      )}
      {withReason && appointment.reason && (
        <Fact icon={<IconNotes size={20} />} label="Motivo">
          {appointment.reason}
        </Fact>
      )}
    </Stack>
  );
}
