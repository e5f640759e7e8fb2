import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { Appointment } from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { WaitingSince } from '../../../components/waiting-since';
import { StackedTable } from '../../../components/stacked-table';
import { formatTime } from '../../../lib/dates';

/**
 * A panel's list of today's appointments: time, patient (a link to their record), one more column, status.
 * A cancelled row is struck through, not faded (faded text failed contrast, WCAG 1.4.3).
 */
export function TodayTable({
  appointments,
  timeZone,
  patientHref,
  extra,
  mt,
  appointmentHref,
}: {
  appointments: Appointment[];
  timeZone: string;
  patientHref: (patientId: string) => string;
  /** The third column: the doctor for the front desk, the reason for the doctor. */
  extra: { label: string; value: (appointment: Appointment) => string };
  mt?: string;
  /** When set, the time opens the appointment (the doctor's consultation and note). */
  appointmentHref?: (appointmentId: string) => string;
}) {
  return (
    <StackedTable minWidth={420} mt={mt} verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Hora</Table.Th>
          <Table.Th>Paciente</Table.Th>
          <Table.Th>{extra.label}</Table.Th>
          <Table.Th>Estado</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {appointments.map((appointment) => (
          <Table.Tr key={appointment.id}>
            <Table.Td data-label="Hora">
              {appointmentHref ? (
                <Anchor
                  component={Link}
                  to={appointmentHref(appointment.id)}
                  size="sm"
                  aria-label={`${formatTime(appointment.startsAt, timeZone)}: abrir la consulta de ${appointment.patientName}`}
                >
                  {formatTime(appointment.startsAt, timeZone)}
                </Anchor>
              ) : (
                formatTime(appointment.startsAt, timeZone)
              )}
            </Table.Td>
            <Table.Td data-label="Paciente">
              <Anchor
                component={Link}
                to={patientHref(appointment.patientId)}
                size="sm"
                td={appointment.status === 'cancelada' ? 'line-through' : undefined}
              >
                {appointment.patientName}
              </Anchor>
            </Table.Td>
            <Table.Td data-label={extra.label}>{extra.value(appointment)}</Table.Td>
            <Table.Td data-label="Estado">
              <AppointmentStatusBadge status={appointment.status} />
              <WaitingSince appointment={appointment} timeZone={timeZone} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
