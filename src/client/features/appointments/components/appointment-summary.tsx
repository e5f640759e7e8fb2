import { Anchor, ColorSwatch, DataList, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { APPOINTMENT_CHANNEL_LABELS, type Appointment } from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { WaitingSince } from '../../../components/waiting-since';
import { formatLongDay, minutesBetween } from '../../../lib/dates';
import { capitalize, formatTimeRange } from '../utils/format';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** What an appointment is: when, with whom, for whom and why; the same in every panel. */
export function AppointmentSummary({
  appointment,
  timeZone,
  patientLink,
  showDoctor = true,
}: {
  appointment: Appointment;
  timeZone: string;
  /** Off in the doctor's own agenda: the doctor is the reader. */
  showDoctor?: boolean;
  /** A link to the patient's chart, shown under the name. */
  patientLink?: ReactNode;
}) {
  const minutes = minutesBetween(appointment.startsAt, appointment.endsAt);
  return (
    <DataList labelWidth={110} gap="sm" orientation="horizontal">
      <Item label="Estado">
        <AppointmentStatusBadge status={appointment.status} />
        <WaitingSince appointment={appointment} timeZone={timeZone} size="sm" />
      </Item>
      <Item label="Fecha">{capitalize(formatLongDay(appointment.startsAt, timeZone))}</Item>
      <Item label="Hora">
        {formatTimeRange(appointment.startsAt, appointment.endsAt, timeZone)}{' '}
        <Text span c="dimmed" size="sm">
          ({minutes} min)
        </Text>
      </Item>
      <Item label="Paciente">
        <Text fw={600} size="sm">
          {appointment.patientName}
        </Text>
        {patientLink}
      </Item>
      <Item label="Teléfono">
        {appointment.patientPhone ? (
          <Anchor href={`tel:${appointment.patientPhone.replace(/\s/g, '')}`} size="sm">
            {appointment.patientPhone}
          </Anchor>
        ) : (
          <Text span c="dimmed" size="sm">
            Sin teléfono
          </Text>
        )}
      </Item>
      {appointment.patientEmail && (
        <Item label="Correo">
          <Anchor href={`mailto:${appointment.patientEmail}`} size="sm" style={{ wordBreak: 'break-all' }}>
            {appointment.patientEmail}
          </Anchor>
        </Item>
      )}
      {showDoctor && (
        <Item label="Profesional">
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={appointment.doctorColor} size={12} aria-hidden style={{ flexShrink: 0 }} />
            <span>
              {appointment.doctorName}
              {appointment.specialty && (
                <Text span c="dimmed" size="sm">
                  {' '}
                  · {appointment.specialty}
                </Text>
              )}
            </span>
          </Group>
        </Item>
      )}
      <Item label="Motivo">
        {appointment.reason || (
          <Text span c="dimmed" size="sm">
            Sin indicar
          </Text>
        )}
      </Item>
      <Item label="Canal">{APPOINTMENT_CHANNEL_LABELS[appointment.channel]}</Item>
      {appointment.status === 'cancelada' && appointment.cancelReason && (
        <Item label="Cancelación">
          {appointment.cancelReason}{' '}
          <Text span c="dimmed" size="sm">
            ({appointment.cancelReasonVisible ? 'el paciente ve el motivo' : 'motivo no visible para el paciente'})
          </Text>
        </Item>
      )}
    </DataList>
  );
}
