import { Badge, Table } from '@mantine/core';
import { IMPORT_ACTION_LABELS, type ImportAction, type ImportDryRun } from '../../../../common/schemas/patient-import';
import { ACTION_COLORS } from '../utils/labels';
import { StackedTable } from '../../../components/stacked-table';
import { useClinicZone } from '../../../lib/clinic-time-zone';
import { formatDateTime, formatTime } from '../../../lib/dates';

const APPOINTMENT_ACTIONS: Record<ImportAction, string> = { ...IMPORT_ACTION_LABELS, create: 'Se dará la cita' };

/** The first appointments of the file as they will be booked, in the clinic's time. */
export function AppointmentPreview({ rows }: { rows: ImportDryRun['appointmentPreview'] }) {
  const timeZone = useClinicZone();
  return (
    <StackedTable minWidth={760} aria-label="Vista previa de las primeras citas">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fila</Table.Th>
          <Table.Th>Qué pasará</Table.Th>
          <Table.Th>Cuándo</Table.Th>
          <Table.Th>Profesional</Table.Th>
          <Table.Th>Paciente</Table.Th>
          <Table.Th>Motivo</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.line}>
            <Table.Td data-label="Fila">{row.line}</Table.Td>
            <Table.Td data-label="Qué pasará">
              <Badge color={ACTION_COLORS[row.action]} variant="light">
                {APPOINTMENT_ACTIONS[row.action]}
              </Badge>
            </Table.Td>
            <Table.Td data-label="Cuándo">
              {row.startsAt && row.endsAt
                ? `${formatDateTime(row.startsAt, timeZone)}–${formatTime(row.endsAt, timeZone)}`
                : ''}
            </Table.Td>
            <Table.Td data-label="Profesional">{row.doctor}</Table.Td>
            <Table.Td data-label="Paciente">{row.patient}</Table.Td>
            <Table.Td data-label="Motivo">{row.reason}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
