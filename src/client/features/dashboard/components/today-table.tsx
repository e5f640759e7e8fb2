import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { Appointment } from '../../../../common/schemas/appointments';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { formatTime } from '../../../lib/clinic-time';

/** A panel's list of today's appointments: time, patient (a link to their record), one more column, status. */
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
    <Table.ScrollContainer minWidth={420} mt={mt}>
      <Table verticalSpacing={6}>
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
            <Table.Tr key={appointment.id} opacity={appointment.status === 'cancelada' ? 0.55 : 1}>
              <Table.Td>
                {appointmentHref ? (
                  <Anchor component={Link} to={appointmentHref(appointment.id)} size="sm" aria-label={`${formatTime(appointment.startsAt, timeZone)}: abrir la consulta de ${appointment.patientName}`}>
                    {formatTime(appointment.startsAt, timeZone)}
                  </Anchor>
                ) : (
                  formatTime(appointment.startsAt, timeZone)
                )}
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={patientHref(appointment.patientId)} size="sm">
                  {appointment.patientName}
                </Anchor>
              </Table.Td>
              <Table.Td>{extra.value(appointment)}</Table.Td>
              <Table.Td>
                <AppointmentStatusBadge status={appointment.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
