import { Paper, Table, Text } from '@mantine/core';
import type { AuditEntryView } from '../../../../common/schemas/audit';
import { ActorSummary, PatientSummary } from './audit-entry-parts';
import { formatNumericDate, formatTimeWithSeconds } from '../../../lib/dates';

export interface AuditEntriesProps {
  items: AuditEntryView[];
  timeZone: string;
  onFilterUser: (user: string) => void;
  onFilterPatient: (patientId: string) => void;
}

/** The log on a wide screen: one row per entry, newest first. */
export function AuditTable({ items, timeZone, onFilterUser, onFilterPatient }: AuditEntriesProps) {
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" aria-label="Registro de accesos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>Fecha y hora</Table.Th>
              <Table.Th>Usuario</Table.Th>
              <Table.Th>Acción</Table.Th>
              <Table.Th>Paciente</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>Dirección IP</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatNumericDate(entry.at, timeZone)}</Text>
                  <Text size="sm" c="dimmed">
                    {formatTimeWithSeconds(entry.at, timeZone)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ActorSummary entry={entry} onFilter={onFilterUser} />
                </Table.Td>
                <Table.Td maw={320}>
                  <Text size="sm">{entry.description}</Text>
                </Table.Td>
                <Table.Td>
                  <PatientSummary entry={entry} onFilter={onFilterPatient} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {entry.ip ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
